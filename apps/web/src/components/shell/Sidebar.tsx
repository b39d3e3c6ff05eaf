// Shared sidebar: Create Post, Hot, Trending and the categories with their post counts.
import type { CategoryView } from "@forum/contracts";
import { Box, Button, NavLink, Skeleton, Stack, Text } from "@mantine/core";
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
            <CategoryLink
              key={category.id}
              category={category}
              active={pathname === `/cats/${category.slug}`}
              onNavigate={onNavigate}
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

/**
 * One category in the menu: its colour, its name (cut short when long) and its post count (kept
 * whole: a busy category has thousands). Plain elements styled in styles/global.css, not Mantine's
 * NavLink, Group, Text and Badge: every page carries some thirty of these, and the nine elements
 * and four inline styles each of those made were a fifth of a page's HTML, its style work and its
 * hydration on a phone (bench/README.md).
 */
function CategoryLink({
  category,
  active,
  onNavigate,
}: {
  category: Pick<CategoryView, "slug" | "name" | "color" | "postCount">;
  active: boolean;
  onNavigate: () => void;
}) {
  return (
    <Link
      to={`/cats/${category.slug}`}
      className="category-link mantine-focus-auto"
      data-active={active || undefined}
      aria-current={active ? "page" : undefined}
      onClick={onNavigate}
    >
      <span className="category-link-name">
        <span className="category-link-dot" style={{ background: category.color }} />
        <span className="category-link-label">{category.name}</span>
      </span>
      <span className="category-link-count">
        {category.postCount}
        <span className="visually-hidden"> posts</span>
      </span>
    </Link>
  );
}
