// Every category: colour and name, slug, description, post count, and Edit and Delete.
import type { CategoryView } from "@forum/contracts";
import { ActionIcon, Anchor, Box, Group, Stack, Table, Text, Tooltip, VisuallyHidden } from "@mantine/core";
import { IconPencil, IconTrash } from "@tabler/icons-react";
import { Link } from "react-router";
import { ColorDot } from "./ColorDot";
import { useDeleteCategory } from "./useCategoryMutations";

type Props = { categories: CategoryView[]; onEdit: (category: CategoryView) => void };

export function CategoriesTable({ categories, onEdit }: Props) {
  const remove = useDeleteCategory();
  return (
    // Phones: the description moves under the name, so name, count and actions fit without scrolling.
    <Table.ScrollContainer minWidth={320}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Categories">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th visibleFrom="sm">Description</Table.Th>
            <Table.Th ta="right">Posts</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {categories.map((category) => {
            const deleting = remove.isPending && remove.pendingId === category.id;
            return (
              <Table.Tr key={category.id}>
                <Table.Td maw={{ base: "none", sm: 260 }}>
                  <Group gap="sm" wrap="nowrap" align="flex-start">
                    <span style={{ paddingTop: 5 }}>
                      <ColorDot color={category.color} />
                    </span>
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text fw={600} style={{ overflowWrap: "anywhere" }}>
                        {category.name}
                      </Text>
                      <Anchor component={Link} to={`/cats/${category.slug}`} size="xs" c="dimmed" ff="monospace">
                        /{category.slug}
                      </Anchor>
                      <Box hiddenFrom="sm" mt={4}>
                        <Description text={category.description} />
                      </Box>
                    </Stack>
                  </Group>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Description text={category.description} />
                </Table.Td>
                <Table.Td ta="right">{category.postCount}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap" justify="flex-end">
                    <Tooltip label="Edit">
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Edit ${category.name}`}
                        onClick={() => onEdit(category)}
                      >
                        <IconPencil size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={deleting ? "Deleting..." : "Delete"}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Delete ${category.name}`}
                        loading={deleting}
                        disabled={remove.isPending}
                        onClick={() => remove.confirmAndDelete(category.id)}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Description({ text }: { text: string | null }) {
  return (
    <Text size="sm" c={text ? undefined : "dimmed"} style={{ overflowWrap: "anywhere" }}>
      {text || "No description"}
    </Text>
  );
}
