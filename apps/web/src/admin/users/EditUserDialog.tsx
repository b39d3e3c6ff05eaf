// "Edit User": username, email, first and last name, and role, saved with admin.updateUser.
import { type AdminUserView, isBlank, MESSAGES, ROLES, type Role } from "@forum/contracts";
import { Select, TextInput } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useCurrentUser } from "../../auth/useCurrentUser";
import { Dialog } from "../../components/Dialog";
import { DialogForm } from "../../components/DialogForm";
import { DialogButtons } from "../../components/post/DialogButtons";
import { useRefreshPostLists } from "../../components/post/postCache";
import { toastError, toastSuccess } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";
import { useApiError } from "../../lib/useApiError";

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

type UserForm = { username: string; email: string; firstName: string; lastName: string; role: Role };

function EditUserForm({ user, onClose }: Omit<EditUserDialogProps, "opened">) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const onError = useApiError();
  const refreshLists = useRefreshPostLists();
  const { user: me } = useCurrentUser();
  const [form, setForm] = useState<UserForm>({
    username: user.username,
    email: user.email,
    firstName: user.firstName ?? "",
    lastName: user.lastName ?? "",
    role: user.role,
  });
  const set = <K extends keyof UserForm>(field: K, value: UserForm[K]) =>
    setForm((current) => ({ ...current, [field]: value }));

  const update = useMutation(
    trpc.admin.updateUser.mutationOptions({
      onSuccess: async () => {
        toastSuccess("Success", "User updated successfully");
        onClose();
        const refreshes: Promise<unknown>[] = [refreshLists()];
        if (me?.id === user.id) refreshes.push(queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() }));
        await Promise.all(refreshes);
      },
      onError: (error) => onError(error, { title: "Error", message: "Failed to update user" }),
    }),
  );

  const save = () => {
    if (isBlank(form.username)) {
      toastError("Missing Information", MESSAGES.usernameRequired);
      return;
    }
    update.mutate({
      id: user.id,
      username: form.username.trim(),
      email: form.email.trim(),
      firstName: form.firstName.trim() || null,
      lastName: form.lastName.trim() || null,
      role: form.role,
    });
  };

  return (
    <DialogForm onSubmit={save}>
      <TextInput
        label="Username"
        withAsterisk
        value={form.username}
        onChange={(event) => set("username", event.currentTarget.value)}
        autoComplete="off"
        data-autofocus
      />
      <TextInput
        label="Email"
        type="email"
        value={form.email}
        onChange={(event) => set("email", event.currentTarget.value)}
        autoComplete="off"
      />
      <TextInput
        label="First Name"
        value={form.firstName}
        onChange={(event) => set("firstName", event.currentTarget.value)}
        autoComplete="off"
      />
      <TextInput
        label="Last Name"
        value={form.lastName}
        onChange={(event) => set("lastName", event.currentTarget.value)}
        autoComplete="off"
      />
      <Select
        label="Role"
        data={ROLE_OPTIONS}
        value={form.role}
        onChange={(value) => value && set("role", value as Role)}
        allowDeselect={false}
      />
      <DialogButtons pending={update.isPending} onCancel={onClose} />
    </DialogForm>
  );
}
