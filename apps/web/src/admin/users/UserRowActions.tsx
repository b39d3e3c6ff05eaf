// Edit, Ban/Unban, reset link, API tokens and Delete for one user row. Ban asks the browser first
// (spec section 5); Delete opens a dialog with the member's own two choices (issue 30): keep their
// posts and replies as written by "deleted member", or delete them too. Both are unavailable for
// admin accounts, with a tooltip that says why.
import type { AdminUserView, DeletedContentChoice as Choice } from "@forum/contracts";
import { MESSAGES } from "@forum/contracts";
import { ActionIcon, Button, Group, Modal, Stack, Text, Tooltip } from "@mantine/core";
import { IconBan, IconCircleCheck, IconPencil, IconTrash } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { DeletedContentChoice } from "../../components/account/DeletedContentChoice";
import { useRefreshPostLists } from "../../components/post/postCache";
import { useTRPC } from "../../lib/trpc";
import { useToastedMutation } from "../../lib/useToastedMutation";
import { ResetLinkAction } from "./ResetLinkAction";
import { UserTokensAction } from "./UserTokensAction";

type UserRowActionsProps = { user: AdminUserView; onEdit: () => void };

export function UserRowActions({ user, onEdit }: UserRowActionsProps) {
  const trpc = useTRPC();
  // A user's name shows on posts, and deleting them deletes their posts: every list refreshes.
  const refreshLists = useRefreshPostLists();
  const setBanned = useToastedMutation(trpc.admin.setBanned.mutationOptions(), {
    success: (saved) => (saved.banned ? "User banned successfully" : "User unbanned successfully"),
    failure: "Failed to update user status",
    onSuccess: () => refreshLists(),
  });
  const [deleting, setDeleting] = useState(false);
  const [content, setContent] = useState<Choice>("keep");
  const remove = useToastedMutation(trpc.admin.deleteUser.mutationOptions(), {
    success: "User deleted successfully",
    failure: "Failed to delete user",
    onSuccess: () => {
      setDeleting(false);
      refreshLists({ categories: true });
    },
  });

  const isAdmin = user.role === "admin";
  const busy = setBanned.isPending || remove.isPending;
  const toggleBan = () => {
    const question = user.banned
      ? `Are you sure you want to unban ${user.username}? This will restore their forum access.`
      : `Are you sure you want to ban ${user.username}? This will prevent them from accessing the forum.`;
    if (window.confirm(question)) setBanned.mutate({ id: user.id, banned: !user.banned });
  };
  const confirmDelete = () => {
    setContent("keep");
    setDeleting(true);
  };

  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Action label={`Edit ${user.username}`} tip="Edit" onClick={onEdit} disabled={busy}>
        <IconPencil size={18} aria-hidden />
      </Action>
      {user.banned ? (
        <Action label={`Unban ${user.username}`} tip="Unban" color="green" onClick={toggleBan} disabled={busy}>
          <IconCircleCheck size={18} aria-hidden />
        </Action>
      ) : (
        <Action
          label={`Ban ${user.username}`}
          tip={isAdmin ? MESSAGES.cannotBanAdmin : "Ban"}
          color="orange"
          onClick={toggleBan}
          disabled={busy || isAdmin}
        >
          <IconBan size={18} aria-hidden />
        </Action>
      )}
      <ResetLinkAction user={user} disabled={busy} />
      <UserTokensAction user={user} disabled={busy} />
      <Action
        label={`Delete ${user.username}`}
        tip={isAdmin ? MESSAGES.adminCannotBeDeleted : "Delete"}
        color="red"
        onClick={confirmDelete}
        disabled={busy || isAdmin}
      >
        <IconTrash size={18} aria-hidden />
      </Action>
      <Modal opened={deleting} onClose={() => setDeleting(false)} title={`Delete ${user.username}?`} size="lg">
        <Stack gap="md">
          <Text size="sm">
            Their account is deleted and every session signed out. This action cannot be undone, and the username cannot
            be registered again.
          </Text>
          <DeletedContentChoice value={content} onChange={setContent} whose={user.username} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setDeleting(false)} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button color="red" onClick={() => remove.mutate({ id: user.id, content })} disabled={remove.isPending}>
              {remove.isPending ? "Deleting..." : "Delete"}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
}

type ActionProps = {
  label: string;
  tip: string;
  color?: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
};

/** An icon button that stays focusable when unavailable, so its tooltip can still explain why. */
function Action({ label, tip, color = "gray", disabled, onClick, children }: ActionProps) {
  return (
    <Tooltip label={tip} events={{ hover: true, focus: true, touch: true }} withArrow>
      <ActionIcon
        variant="subtle"
        color={color}
        size="lg"
        aria-label={label}
        aria-disabled={disabled}
        data-disabled={disabled || undefined}
        onClick={disabled ? undefined : onClick}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
