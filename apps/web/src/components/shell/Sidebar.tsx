// Shared sidebar: Create Post, Hot, Trending and the categories with their post counts.
import { Badge, Box, Button, Group, NavLink, Skeleton, Stack, Text } from "@mantine/core";
import { IconFlame, IconPlus, IconSettings, IconShield, IconTrendingUp } from "@tabler/icons-react";
import { Link, useLocation } from "react-router";
import { useCurrentUser } from "../../auth/useCurrentUser";
import { useCategories } from "../../lib/useCategories";
import { useOpenCreatePost } from "../create-post/CreatePostContext";
import { HeaderSearch } from "../search/HeaderSearch";
import { ColorSchemeMenuButton } from "./ColorSchemeToggle";
import { LogoutButton } from "./Header";

export function Sidebar({ onNavigate }: { onNavigate: () => void }) {
  const openCreatePost = useOpenCreatePost();
  const { pathname } = useLocation();
  const categories = useCategories();
  const { user } = useCurrentUser();
  return (
    // The browser's own scrolling: Mantine's ScrollArea cost every page about 4 KB gzip of script.
    <Box h="100%" style={{ overflowY: "auto", overscrollBehavior: "contain" }}>
      <Stack gap="xs" p="md">
        <HeaderSearch hiddenFrom="md" onSearched={onNavigate} />
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => {
            onNavigate();
            openCreatePost();
          }}
        >
          Create Post
        </Button>
        <Box component="nav" aria-label="Feeds">
          <NavLink
            component={Link}
            to="/"
            label="Hot"
            leftSection={<IconFlame size={18} aria-hidden />}
            active={pathname === "/"}
            onClick={onNavigate}
          />
          <NavLink
            component={Link}
            to="/trending"
            label="Trending"
            leftSection={<IconTrendingUp size={18} aria-hidden />}
            active={pathname === "/trending"}
            onClick={onNavigate}
          />
        </Box>
        <Text size="xs" fw={700} c="dimmed" tt="uppercase" mt="sm" px="sm">
          Categories
        </Text>
        <Box component="nav" aria-label="Categories">
          {categories.isPending &&
            ["a", "b", "c", "d", "e", "f"].map((key) => <Skeleton key={key} height={28} my={6} radius="sm" />)}
          {categories.data?.length === 0 && (
            <Text size="sm" c="dimmed" px="sm">
              No categories available
            </Text>
          )}
          {categories.data?.map((category) => (
            <NavLink
              key={category.id}
              component={Link}
              to={`/cats/${category.slug}`}
              active={pathname === `/cats/${category.slug}`}
              onClick={onNavigate}
              label={
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
                    <Box w={10} h={10} style={{ borderRadius: "50%", background: category.color, flexShrink: 0 }} />
                    <Text size="sm" truncate>
                      {category.name}
                    </Text>
                  </Group>
                  {/* The count keeps its width (a busy category has thousands); the name gives way. */}
                  <Badge
                    size="sm"
                    variant="light"
                    color="gray"
                    aria-label={`${category.postCount} posts`}
                    style={{ flexShrink: 0, overflow: "visible" }}
                  >
                    {category.postCount}
                  </Badge>
                </Group>
              }
            />
          ))}
        </Box>
        {user && (
          <Box component="nav" aria-label="Account" hiddenFrom="sm" mt="sm">
            <NavLink
              component={Link}
              to="/settings"
              label="Settings"
              leftSection={<IconSettings size={18} aria-hidden />}
              onClick={onNavigate}
            />
            {user.role !== "user" && (
              <NavLink
                component={Link}
                to="/admin"
                label="Admin"
                leftSection={<IconShield size={18} aria-hidden />}
                onClick={onNavigate}
              />
            )}
            <LogoutButton fullWidth />
          </Box>
        )}
        <ColorSchemeMenuButton />
      </Stack>
    </Box>
  );
}
