// The admin frame: side menu (slide-over on phones), greeting, and the current admin screen.
// Moderators see only the screens they may use (Posts, Reports); Reports shows how many reports
// are open.
import { AppShell, Badge, Burger, Group, NavLink, Overlay, ScrollArea, Text } from "@mantine/core";
import {
  IconAd2,
  IconArrowLeft,
  IconCategory,
  IconDatabaseExport,
  IconFileExport,
  IconFileSpreadsheet,
  IconFlag,
  IconHistory,
  IconLayoutDashboard,
  IconMail,
  IconMessages,
  IconUser,
  IconUsers,
  IconWebhook,
  IconWorld,
} from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link, Outlet, useLocation } from "react-router";
import { MAIN_CONTENT_ID, SkipLink } from "../components/shell/SkipLink";
import { usePhoneMenu } from "../components/shell/usePhoneMenu";
import { useOpenReportsCount } from "./reports/useReports";

type MenuItem = { label: string; to: string; icon: ReactNode; activeFor?: string[]; adminOnly?: boolean };

const REPORTS_PATH = "/admin/reports";

const MENU: MenuItem[] = [
  { label: "Back to Forum", to: "/", icon: <IconArrowLeft size={18} aria-hidden /> },
  {
    label: "Dashboard",
    to: "/admin/dashboard",
    icon: <IconLayoutDashboard size={18} aria-hidden />,
    activeFor: ["/admin", "/admin/"],
    adminOnly: true,
  },
  { label: "Categories", to: "/admin/categories", icon: <IconCategory size={18} aria-hidden />, adminOnly: true },
  { label: "Posts", to: "/admin/posts", icon: <IconMessages size={18} aria-hidden /> },
  { label: "Reports", to: REPORTS_PATH, icon: <IconFlag size={18} aria-hidden /> },
  {
    label: "User Management",
    to: "/admin/user-management",
    icon: <IconUsers size={18} aria-hidden />,
    adminOnly: true,
  },
  {
    label: "Bulk Upload",
    to: "/admin/bulk-upload",
    icon: <IconFileSpreadsheet size={18} aria-hidden />,
    adminOnly: true,
  },
  { label: "Export", to: "/admin/export", icon: <IconFileExport size={18} aria-hidden />, adminOnly: true },
  { label: "Ad Management", to: "/admin/ads", icon: <IconAd2 size={18} aria-hidden />, adminOnly: true },
  { label: "Mail", to: "/admin/mail", icon: <IconMail size={18} aria-hidden />, adminOnly: true },
  { label: "Webhooks", to: "/admin/webhooks", icon: <IconWebhook size={18} aria-hidden />, adminOnly: true },
  { label: "Staff Log", to: "/admin/staff-log", icon: <IconHistory size={18} aria-hidden />, adminOnly: true },
  { label: "Backups", to: "/admin/backups", icon: <IconDatabaseExport size={18} aria-hidden />, adminOnly: true },
  { label: "Site", to: "/admin/site", icon: <IconWorld size={18} aria-hidden />, adminOnly: true },
  // The member's own account, not the forum's settings (issue 25: "Settings" promised the latter).
  { label: "My Account Settings", to: "/settings", icon: <IconUser size={18} aria-hidden /> },
];

export function AdminLayout({ username, isAdmin }: { username: string; isAdmin: boolean }) {
  const menu = usePhoneMenu();
  const { pathname } = useLocation();
  const openReports = useOpenReportsCount();
  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 240, breakpoint: "sm", collapsed: { mobile: !menu.opened } }}
      padding="md"
    >
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger {...menu.burger} hiddenFrom="sm" size="sm" />
            {/* The area's name, not a heading: each admin screen has its own h1. */}
            <Text component="span" fw={700} fz={{ base: "h4", sm: "h3" }}>
              Admin
            </Text>
          </Group>
          <Text fw={500} truncate>
            Welcome, {username}
          </Text>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar {...menu.menu}>
        <ScrollArea h="100%">
          <nav aria-label="Admin menu" style={{ padding: "var(--mantine-spacing-sm)" }}>
            {MENU.filter((item) => isAdmin || !item.adminOnly).map((item) => (
              <NavLink
                key={item.to}
                component={Link}
                to={item.to}
                label={item.label}
                leftSection={item.icon}
                rightSection={
                  item.to === REPORTS_PATH && openReports > 0 ? (
                    <Badge size="sm" color="red" circle={openReports < 10} aria-label={`${openReports} open`}>
                      {openReports}
                    </Badge>
                  ) : undefined
                }
                active={pathname === item.to || item.activeFor?.includes(pathname) === true}
                onClick={menu.close}
              />
            ))}
          </nav>
        </ScrollArea>
      </AppShell.Navbar>
      {menu.opened && <Overlay hiddenFrom="sm" fixed zIndex={99} backgroundOpacity={0.45} onClick={menu.close} />}
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
