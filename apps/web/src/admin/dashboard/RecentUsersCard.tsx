// The newest accounts: username, email and role.
import { Anchor, Group, Stack, Text } from "@mantine/core";
import { IconUserPlus } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { SideCard } from "../../components/browse/SideCard";
import { RoleBadge } from "../../components/ui/RoleBadge";
import { UserAvatar } from "../../components/ui/UserAvatar";
import { useTRPC } from "../../lib/trpc";

export function RecentUsersCard() {
  const trpc = useTRPC();
  const users = useQuery(trpc.admin.recentUsers.queryOptions());
  const emptyText = users.isError
    ? "Recent users could not be loaded"
    : users.data?.length === 0
      ? "No users yet"
      : undefined;
  return (
    <SideCard
      title="Recent Users"
      icon={<IconUserPlus size={18} aria-hidden />}
      loading={users.isPending}
      emptyText={emptyText}
    >
      {users.data?.map((user) => (
        <Group component="li" key={user.id} justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <UserAvatar user={user} size="sm" />
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Anchor component={Link} to={`/u/${user.username}`} size="sm" fw={600} truncate>
                {user.username}
              </Anchor>
              <Text size="xs" c="dimmed" truncate>
                {user.email}
              </Text>
            </Stack>
          </Group>
          <RoleBadge role={user.role} style={{ flexShrink: 0 }} />
        </Group>
      ))}
    </SideCard>
  );
}
