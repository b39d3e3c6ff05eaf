// /reset-password?token=…: a new password with a mailed link's token. The token is taken out of
// the address bar at once (it stays in this screen's memory only), so it is not kept in the
// history or shown; the server sends this page with no Referer. Success signs in here.
import { MESSAGES, resetPasswordInput } from "@forum/contracts";
import { Alert, Anchor, Button, PasswordInput, Stack } from "@mantine/core";
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { AccountCard } from "../components/account/AccountCard";
import { useSignedIn } from "../components/account/useSignedIn";
import { usePageTitle } from "../components/ui/PageTitle";
import { useTRPC } from "../lib/trpc";
import { useSchemaForm } from "../lib/useSchemaForm";
import { useToastedMutation } from "../lib/useToastedMutation";

export default function ResetPasswordPage() {
  usePageTitle("Set a new password");
  const trpc = useTRPC();
  const signedIn = useSignedIn();
  const [params] = useSearchParams();
  const [token] = useState(() => params.get("token") ?? "");
  useEffect(() => {
    if (window.location.search) window.history.replaceState(window.history.state, "", window.location.pathname);
  }, []);
  const { field, onSubmit } = useSchemaForm({
    initialValues: { token, password: "", confirmPassword: "" },
    schema: resetPasswordInput,
    formMessages: {
      [MESSAGES.requiredFields]: "Missing information",
      [MESSAGES.passwordMismatch]: "Password mismatch",
      [MESSAGES.resetLinkInvalid]: "Link expired",
    },
  });
  const reset = useToastedMutation(trpc.password.reset.mutationOptions(), {
    failure: (error) => ({
      title: "Reset failed",
      message: error instanceof Error ? error.message : MESSAGES.resetLinkInvalid,
    }),
    onSuccess: (user) => signedIn(user, "Your password has been changed."),
  });
  return (
    <AccountCard subtitle="Set a new password">
      {token ? (
        <form noValidate onSubmit={onSubmit((input) => reset.mutate(input))}>
          <Stack gap="sm">
            <PasswordInput label="New Password" autoComplete="new-password" {...field("password")} />
            <PasswordInput label="Confirm New Password" autoComplete="new-password" {...field("confirmPassword")} />
            <Button type="submit" fullWidth mt="xs" disabled={reset.isPending}>
              {reset.isPending ? "Saving..." : "Set new password"}
            </Button>
          </Stack>
        </form>
      ) : (
        <Alert color="red" role="alert">
          {MESSAGES.resetLinkInvalid}{" "}
          <Anchor component={Link} to="/forgot-password">
            Ask for a new one
          </Anchor>
        </Alert>
      )}
    </AccountCard>
  );
}
