// The user list: avatar and username, email, name, role, status, joined date and the actions.
import type { AdminUserView } from "@forum/contracts";
import { Anchor, Badge, Group, Skeleton, Stack, Table, Text } from "@mantine/core";
import { Link } from "react-router";
import { RoleBadge } from "../../components/ui/RoleBadge";
import { UserAvatar } from "../../components/ui/UserAvatar";
import { formatDate, fullName } from "../../lib/format";
import { PhoneCard, usePhoneLayout } from "../PhoneCard";
import { UserRowActions } from "./UserRowActions";

const COLUMNS = ["User", "Email", "Name", "Role", "Status", "Joined"];
const SKELETON_ROWS = 5;
/** The actions stay in view while the table scrolls sideways on a phone. */
const PINNED = {
  position: "sticky",
  right: 0,
  background: "var(--mantine-color-body)",
  boxShadow: "-1px 0 0 var(--mantine-color-default-border)",
} as const;
/** Badges in a narrow cell keep their whole word instead of an ellipsis. */
const WHOLE_LABEL = { label: { overflow: "visible" } };

type UsersTableProps = { users: AdminUserView[] | undefined; onEdit: (user: AdminUserView) => void };

export function UsersTable({ users, onEdit }: UsersTableProps) {
  const phone = usePhoneLayout();
  if (phone && users) {
    return (
      <Stack gap="sm" p="sm">
        {users.map((user) => (
          <PhoneCard
            key={user.id}
            label={user.username}
            title={<UserName user={user} />}
            actions={<UserRowActions user={user} onEdit={() => onEdit(user)} />}
          >
            <Text size="sm" style={{ overflowWrap: "anywhere" }}>
              {user.email}
            </Text>
            {fullName(user) && <Text size="sm">{fullName(user)}</Text>}
            <Group gap="xs" wrap="wrap">
              <RoleBadge role={user.role} styles={WHOLE_LABEL} />
              <StatusBadge user={user} />
              <Text size="sm" c="dimmed">
                Joined {formatDate(user.createdAt)}
              </Text>
            </Group>
          </PhoneCard>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={860}>
      {/* The table scrolls sideways on phones; cells keep one line each. */}
      <Table
        verticalSpacing="sm"
        highlightOnHover
        aria-label="Users"
        aria-busy={!users}
        style={{ whiteSpace: "nowrap" }}
      >
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => (
              <Table.Th key={column}>{column}</Table.Th>
            ))}
            <Table.Th ta="right" style={PINNED}>
              Actions
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users
            ? users.map((user) => <UserRow key={user.id} user={user} onEdit={() => onEdit(user)} />)
            : Array.from({ length: SKELETON_ROWS }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders with no identity
                <Table.Tr key={index} aria-hidden>
                  {[...COLUMNS, "Actions"].map((column) => (
                    <Table.Td key={column}>
                      <Skeleton height={column === "User" ? 32 : 12} width={column === "User" ? 140 : "80%"} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function UserRow({ user, onEdit }: { user: AdminUserView; onEdit: () => void }) {
  return (
    <Table.Tr>
      <Table.Td>
        <UserName user={user} />
      </Table.Td>
      <Table.Td>{user.email}</Table.Td>
      <Table.Td>{fullName(user) || <Text c="dimmed">—</Text>}</Table.Td>
      <Table.Td>
        <RoleBadge role={user.role} styles={WHOLE_LABEL} />
      </Table.Td>
      <Table.Td>
        <StatusBadge user={user} />
      </Table.Td>
      <Table.Td style={{ whiteSpace: "nowrap" }}>{formatDate(user.createdAt)}</Table.Td>
      <Table.Td style={PINNED}>
        <UserRowActions user={user} onEdit={onEdit} />
      </Table.Td>
    </Table.Tr>
  );
}

function UserName({ user }: { user: AdminUserView }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <UserAvatar user={user} size="sm" />
      <Anchor component={Link} to={`/u/${user.username}`} fw={500} style={{ overflowWrap: "anywhere" }}>
        {user.username}
      </Anchor>
    </Group>
  );
}

function StatusBadge({ user }: { user: AdminUserView }) {
  return (
    <Badge color={user.banned ? "gray" : "green"} variant={user.banned ? "filled" : "light"} styles={WHOLE_LABEL}>
      {user.banned ? "Banned" : "Active"}
    </Badge>
  );
}
