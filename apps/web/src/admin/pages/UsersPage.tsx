// User Management (/admin/user-management): the numbers, then every user with search, edit,
// ban/unban and delete, then the limits new and signing-in accounts are held to.
import type { AdminUserView } from "@forum/contracts";
import { Badge, Group, Paper, Stack } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { plural } from "../../lib/format";
import { useTRPC } from "../../lib/trpc";
import { AdminEmptyState } from "../AdminEmptyState";
import { AdminPageHeader } from "../AdminPageHeader";
import { LoadFailed } from "../LoadFailed";
import { SearchBox } from "../SearchBox";
import { useDialogTarget } from "../useDialogTarget";
import { AbuseLimitsCard } from "../users/AbuseLimitsCard";
import { EditUserDialog } from "../users/EditUserDialog";
import { filterUsers } from "../users/filterUsers";
import { UserStatsCards } from "../users/UserStatsCards";
import { UsersTable } from "../users/UsersTable";

export default function UsersPage() {
  const trpc = useTRPC();
  const users = useQuery(trpc.admin.users.queryOptions({ limit: 1000 }));
  const [search, setSearch] = useState("");
  const shown = useMemo(() => filterUsers(users.data ?? [], search), [users.data, search]);
  const editing = useDialogTarget<AdminUserView>();

  return (
    <>
      <AdminPageHeader title="User Management" subtitle="Manage user accounts, roles and access" />
      <Stack gap="md">
        <UserStatsCards />
        <Group gap="sm" wrap="wrap">
          <SearchBox label="Search users" placeholder="Search users..." value={search} onChange={setSearch} />
          {users.isSuccess && (
            <Badge size="lg" variant="light" tt="none" aria-live="polite">
              {plural(shown.length, "user", "users")}
            </Badge>
          )}
        </Group>
        {users.isError ? (
          <LoadFailed what="users" onRetry={() => void users.refetch()} />
        ) : users.isSuccess && shown.length === 0 ? (
          search.trim() ? (
            <AdminEmptyState title="No users found" text="Try adjusting your search" />
          ) : (
            <AdminEmptyState title="No users yet" text="Users will appear here as people register" />
          )
        ) : (
          <Paper withBorder>
            <UsersTable users={users.data && shown} onEdit={editing.open} />
          </Paper>
        )}
        <AbuseLimitsCard />
      </Stack>
      {editing.target && <EditUserDialog user={editing.target} opened={editing.opened} onClose={editing.close} />}
    </>
  );
}
