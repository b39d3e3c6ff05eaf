// Header: menu button, title, search, Create, notifications, settings, Logout, avatar or Login, Admin.
import { ActionIcon, Anchor, Burger, Button, Group, Text } from "@mantine/core";
import { IconBell, IconPlus, IconSettings } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { type ComponentProps, Suspense } from "react";
import { Link, useNavigate } from "react-router";
import { useCurrentUser } from "../../auth/useCurrentUser";
import { lazyWithPreload, preloadIfShown } from "../../lib/lazyWithPreload";
import { loginUrl, useHere } from "../../lib/loginReturn";
import { useSite } from "../../lib/site";
import { useTRPC } from "../../lib/trpc";
import { useToastedMutation } from "../../lib/useToastedMutation";
import { useOpenCreatePost } from "../create-post/CreatePostContext";
import { HeaderSearch } from "../search/HeaderSearch";
import { UserAvatar } from "../ui/UserAvatar";
import { ColorSchemeToggle } from "./ColorSchemeToggle";

// Members only: visitors never download the bell's list, popover or polling.
const NotificationBell = lazyWithPreload(() => import("../notifications/NotificationBell"));

/** A member's page: the bell's code loads before the hydration (lib/lazyWithPreload.ts). */
export function loadServerRenderedBell(): Promise<void> | undefined {
  return preloadIfShown("[data-notification-bell]", NotificationBell);
}

/** The bell while its code loads: same size, no count yet. */
function BellPlaceholder() {
  return (
    <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Notifications" disabled>
      <IconBell size={20} aria-hidden />
    </ActionIcon>
  );
}

export function Header({ burger }: { burger: ComponentProps<typeof Burger> }) {
  const { user } = useCurrentUser();
  const openCreatePost = useOpenCreatePost();
  const here = useHere();
  const site = useSite();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap">
        <Burger {...burger} hiddenFrom="sm" size="sm" />
        <Anchor component={Link} to="/" underline="never" c="inherit" data-site-home>
          <Group gap="xs" wrap="nowrap">
            {/* Beside the name, which says it: no text of its own for screen readers. */}
            {site.logoUrl && (
              <img src={site.logoUrl} alt="" height={32} style={{ display: "block", width: "auto", flexShrink: 0 }} />
            )}
            {/* The forum's name, not a heading: each page has its own h1. */}
            {/* A long name (up to 60 characters) ends in "…" rather than pushing the buttons off a phone's screen. */}
            <Text component="span" fw={700} fz={{ base: "h4", sm: "h3" }} truncate="end" maw="min(55vw, 28rem)">
              {site.name}
            </Text>
          </Group>
        </Anchor>
      </Group>
      <HeaderSearch visibleFrom="md" />
      <Group gap="xs" wrap="nowrap">
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => openCreatePost()} visibleFrom="sm">
          Create
        </Button>
        <ActionIcon onClick={() => openCreatePost()} hiddenFrom="sm" size="lg" aria-label="Create">
          <IconPlus size={18} aria-hidden />
        </ActionIcon>
        <ColorSchemeToggle />
        {user ? (
          <>
            {user.role !== "user" && (
              <Button component={Link} to="/admin" variant="light" color="red" visibleFrom="xs">
                Admin
              </Button>
            )}
            <Suspense fallback={<BellPlaceholder />}>
              <NotificationBell />
            </Suspense>
            <ActionIcon
              component={Link}
              to="/settings"
              variant="subtle"
              color="gray"
              size="lg"
              aria-label="Settings"
              visibleFrom="xs"
            >
              <IconSettings size={20} aria-hidden />
            </ActionIcon>
            <LogoutButton visibleFrom="sm" />
            <Anchor component={Link} to={`/u/${user.username}`} aria-label="Your profile">
              <UserAvatar user={user} size="md" />
            </Anchor>
          </>
        ) : (
          <Button component={Link} to={loginUrl("/auth", here)} variant="default">
            Login
          </Button>
        )}
      </Group>
    </Group>
  );
}

/** Logout, in the header on wide screens and in the slide-over menu on phones. */
export function LogoutButton({ visibleFrom, fullWidth }: { visibleFrom?: "sm"; fullWidth?: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const logout = useToastedMutation(trpc.auth.logout.mutationOptions(), {
    success: { title: "Logged out", message: "You have been logged out successfully" },
    failure: { title: "Logout failed", message: "Failed to logout. Please try again." },
    onSuccess: () => {
      queryClient.removeQueries();
      navigate("/");
    },
  });
  return (
    <Button
      variant="subtle"
      color="gray"
      onClick={() => logout.mutate()}
      disabled={logout.isPending}
      visibleFrom={visibleFrom}
      fullWidth={fullWidth}
    >
      {logout.isPending ? "Logging out..." : "Logout"}
    </Button>
  );
}
