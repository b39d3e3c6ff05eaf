// /forgot-password: the member names their username or email and is sent a link to set a new
// password. The answer is the same whether or not an account matches (the server's message).
import { forgotPasswordInput, MESSAGES } from "@forum/contracts";
import { Alert, Button, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { AccountCard } from "../components/account/AccountCard";
import { usePageTitle } from "../components/ui/PageTitle";
import { useTRPC } from "../lib/trpc";
import { useSchemaForm } from "../lib/useSchemaForm";
import { useToastedMutation } from "../lib/useToastedMutation";

export default function ForgotPasswordPage() {
  usePageTitle("Forgot password");
  const trpc = useTRPC();
  const [answer, setAnswer] = useState<string | null>(null);
  const { field, onSubmit } = useSchemaForm({
    initialValues: { login: "" },
    schema: forgotPasswordInput,
    formMessages: { [MESSAGES.requiredFields]: "Missing information" },
  });
  const forgot = useToastedMutation(trpc.password.forgot.mutationOptions(), {
    failure: "Failed to send the link. Please try again.",
    onSuccess: (sent) => setAnswer(sent.message),
  });
  return (
    <AccountCard subtitle="Forgot password">
      {answer ? (
        <Alert color="green" role="status">
          {answer}
        </Alert>
      ) : (
        <form noValidate onSubmit={onSubmit((input) => forgot.mutate(input))}>
          <Stack gap="sm">
            <Text size="sm">Enter your username or email, and we will send you a link to set a new password.</Text>
            <TextInput label="Username or email" name="login" autoComplete="username" {...field("login")} />
            <Button type="submit" fullWidth mt="xs" disabled={forgot.isPending}>
              {forgot.isPending ? "Sending..." : "Send reset link"}
            </Button>
          </Stack>
        </form>
      )}
    </AccountCard>
  );
}
