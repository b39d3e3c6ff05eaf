// "Edit User": username, email, first and last name, and role, saved with admin.updateUser.
import { type AdminUserView, adminUpdateUserInput, MESSAGES, ROLES } from "@forum/contracts";
import { Select, TextInput } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useCurrentUser } from "../../auth/useCurrentUser";
import { DialogButtons } from "../../components/post/DialogButtons";
import { useRefreshPostLists } from "../../components/post/postCache";
import { Dialog } from "../../components/ui/Dialog";
import { DialogForm } from "../../components/ui/DialogForm";
import { useTRPC } from "../../lib/trpc";
import { useSchemaForm } from "../../lib/useSchemaForm";
import { useToastedMutation } from "../../lib/useToastedMutation";

type EditUserDialogProps = { user: AdminUserView; opened: boolean; onClose: () => void };

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: role }));

export function EditUserDialog({ user, opened, onClose }: EditUserDialogProps) {
  return (
    <Dialog opened={opened} onClose={onClose} title="Edit User" centered>
      {/* Mounted per opening, so the form always starts from the user as listed now. */}
      {opened && <EditUserForm user={user} onClose={onClose} />}
    </Dialog>
  );
}

function EditUserForm({ user, onClose }: Omit<EditUserDialogProps, "opened">) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refreshLists = useRefreshPostLists();
  const { user: me } = useCurrentUser();
  // The server's schema: a blank username gets the spec's toast, a malformed name or email a
  // message under its field.
  const { field, onSubmit } = useSchemaForm({
    initialValues: {
      id: user.id,
      username: user.username,
      email: user.email,
      firstName: user.firstName ?? "",
      lastName: user.lastName ?? "",
      role: user.role,
    },
    schema: adminUpdateUserInput,
    formMessages: { [MESSAGES.usernameRequired]: "Missing Information" },
  });

  const update = useToastedMutation(trpc.admin.updateUser.mutationOptions(), {
    success: "User updated successfully",
    failure: "Failed to update user",
    onSuccess: () => {
      onClose();
      const refreshes: Promise<unknown>[] = [refreshLists()];
      if (me?.id === user.id) refreshes.push(queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() }));
      return Promise.all(refreshes);
    },
  });

  return (
    <DialogForm onSubmit={onSubmit((edited) => update.mutate(edited))}>
      <TextInput label="Username" withAsterisk {...field("username")} autoComplete="off" data-autofocus />
      <TextInput label="Email" type="email" {...field("email")} autoComplete="off" />
      <TextInput label="First Name" {...field("firstName")} autoComplete="off" />
      <TextInput label="Last Name" {...field("lastName")} autoComplete="off" />
      <Select label="Role" data={ROLE_OPTIONS} {...field("role")} allowDeselect={false} />
      <DialogButtons pending={update.isPending} onCancel={onClose} />
    </DialogForm>
  );
}
