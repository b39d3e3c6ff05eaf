// "Change Password": the server checks the current password and signs out the account's other sessions.
import { changePasswordInput, LIMITS, MESSAGES } from "@forum/contracts";
import { Button, Group, Paper, PasswordInput, Stack, Text, Title } from "@mantine/core";
import { useTRPC } from "../../lib/trpc";
import { useSchemaForm } from "../../lib/useSchemaForm";
import { useToastedMutation } from "../../lib/useToastedMutation";

export function ChangePasswordForm() {
  const trpc = useTRPC();
  const { form, field, onSubmit } = useSchemaForm({
    initialValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
    schema: changePasswordInput,
    formMessages: {
      [MESSAGES.loginFieldsRequired]: "Missing information",
      [MESSAGES.passwordMismatch]: "Password mismatch",
    },
  });
  const change = useToastedMutation(trpc.auth.changePassword.mutationOptions(), {
    success: { title: "Password Changed", message: "Your password has been successfully changed." },
    failure: { title: "Change Failed", message: "Failed to change password. Please check your current password." },
    onSuccess: () => form.reset(),
  });

  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }}>
      <Title order={2} size="h4" mb={4}>
        Change Password
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Changing your password signs you out on your other devices.
      </Text>
      <form noValidate onSubmit={onSubmit((passwords) => change.mutate(passwords))}>
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
