// "Change Password": the server checks the current password and signs out the account's other sessions.
import { LIMITS, MESSAGES } from "@forum/contracts";
import { Button, Group, Paper, PasswordInput, Stack, Text, Title } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { toastError, toastSuccess } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";
import { useApiError } from "../../lib/useApiError";
import { useTextForm } from "../../lib/useTextForm";

const EMPTY = { currentPassword: "", newPassword: "", confirmPassword: "" };

export function ChangePasswordForm() {
  const trpc = useTRPC();
  const onError = useApiError();
  const { form, setForm, field } = useTextForm(EMPTY);
  const change = useMutation(
    trpc.auth.changePassword.mutationOptions({
      onSuccess: () => {
        setForm(EMPTY);
        toastSuccess("Password Changed", "Your password has been successfully changed.");
      },
      onError: (error) =>
        onError(error, {
          title: "Change Failed",
          message: "Failed to change password. Please check your current password.",
        }),
    }),
  );

  const submit = () => {
    if (!form.currentPassword || !form.newPassword || !form.confirmPassword) {
      toastError("Missing information", MESSAGES.loginFieldsRequired);
      return;
    }
    if (form.newPassword !== form.confirmPassword) {
      toastError("Password mismatch", MESSAGES.passwordMismatch);
      return;
    }
    change.mutate(form);
  };

  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }}>
      <Title order={2} size="h4" mb={4}>
        Change Password
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Changing your password signs you out on your other devices.
      </Text>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm" maw={480}>
          <PasswordInput label="Current Password" autoComplete="current-password" {...field("currentPassword")} />
          <PasswordInput
            label="New Password"
            description={`At least ${LIMITS.password.min} characters`}
            autoComplete="new-password"
            {...field("newPassword")}
          />
          <PasswordInput label="Confirm New Password" autoComplete="new-password" {...field("confirmPassword")} />
          <Group>
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? "Changing..." : "Change Password"}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
