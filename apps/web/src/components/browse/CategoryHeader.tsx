// The top of a category screen: a bar in the category colour, name, description and post count.
import { type CategoryView, DEFAULT_CATEGORY_COLOR } from "@forum/contracts";
import { Badge, Group, Paper, Skeleton, Stack, Text } from "@mantine/core";
import { plural } from "../../lib/format";
import { PageTitle } from "../ui/PageTitle";

export function CategoryHeader({ category }: { category: CategoryView }) {
  const color = category.color || DEFAULT_CATEGORY_COLOR;
  return (
    <Paper withBorder p="lg" style={{ borderLeft: `6px solid ${color}` }}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <PageTitle style={{ overflowWrap: "anywhere" }}>{category.name}</PageTitle>
          <Badge color={color} variant="filled" tt="none">
            {plural(category.postCount, "post", "posts")}
          </Badge>
        </Group>
        {category.description && (
          <Text c="dimmed" style={{ overflowWrap: "anywhere", whiteSpace: "pre-line" }}>
            {category.description}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

export function CategoryHeaderSkeleton() {
  return (
    <Paper withBorder p="lg" aria-hidden>
      <Stack gap={10}>
        <Skeleton height={28} width="40%" />
        <Skeleton height={14} width="80%" />
      </Stack>
    </Paper>
  );
}
