// The Register tab, checked with the server's own schema (registerInput): blank fields and a
// confirmation that differs get the spec's toasts, a malformed name or a short password a message
// under its field. The confirmation is checked here and never sent. A taken username or email is
// the server's finding: the spec's toast, and the field marked with what to change (issue 25).
// Before the app is live (or without JavaScript) the form posts itself to `action`, confirmation
// included; the server checks it and redirects with the same messages.
import { FORM_SUCCESS, LIMITS, MESSAGES, registerInput, SIGN_IN_FORM_MESSAGES, signInFailure } from "@forum/contracts";
import { Button, PasswordInput, Stack, TextInput } from "@mantine/core";
import { useRef } from "react";
import { useFlashValues } from "../../lib/flash";
import { toastError } from "../../lib/toast";
import { httpStatusOf, useTRPC } from "../../lib/trpc";
import { useTypedBeforeHydration } from "../../lib/typedBeforeHydration";
import { useSchemaForm } from "../../lib/useSchemaForm";
import { useToastedMutation } from "../../lib/useToastedMutation";
import { serverReason } from "./authFailure";
import { useSignedIn } from "./useSignedIn";

/** The fields each of the server's "taken" answers is about. */
const TAKEN_FIELDS: Record<string, ("username" | "email")[]> = {
  [MESSAGES.usernameTaken]: ["username"],
  [MESSAGES.emailTaken]: ["email"],
  [MESSAGES.accountTaken]: ["username", "email"],
};

export function RegisterForm({ action }: { action: string }) {
  const trpc = useTRPC();
  const signedIn = useSignedIn();
  const kept = useFlashValues("register");
  const initialValues = { username: kept.username ?? "", email: kept.email ?? "", password: "", confirmPassword: "" };
  const { form, field, onSubmit } = useSchemaForm({
    initialValues,
    schema: registerInput,
    formMessages: SIGN_IN_FORM_MESSAGES,
  });
  const register = useToastedMutation(trpc.auth.register.mutationOptions(), {
    failure: (error) => {
      // Too many sign-ups from this address: the wait is all there is to say; a conflict (taken
      // name or email) tells the person what to fix, under the field as well.
      const text = signInFailure("register", httpStatusOf(error), error instanceof Error ? error.message : "");
      toastError(text.title, text.message);
      const reason = serverReason(error, [400, 409]);
      if (reason) for (const name of TAKEN_FIELDS[reason] ?? []) form.setFieldError(name, reason);
      return undefined;
    },
    onSuccess: (user) => signedIn(user, FORM_SUCCESS.register.message),
  });

  const formRef = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(formRef, initialValues, (typed) => form.setValues(typed));

  return (
    <form
      ref={formRef}
      method="post"
      action={action}
      noValidate
      onSubmit={onSubmit(({ username, email, password }) => register.mutate({ username, email, password }))}
    >
      <Stack gap="sm">
        <TextInput label="Username" name="username" autoComplete="username" {...field("username")} />
        <TextInput label="Email" name="email" type="email" autoComplete="email" {...field("email")} />
        <PasswordInput
          label="Password"
          name="password"
          description={`At least ${LIMITS.password.min} characters`}
          autoComplete="new-password"
          {...field("password")}
        />
        <PasswordInput
          label="Confirm Password"
          name="confirmPassword"
          autoComplete="new-password"
          {...field("confirmPassword")}
        />
        <Button type="submit" fullWidth mt="xs" disabled={register.isPending}>
          {register.isPending ? "Creating account..." : "Create Account"}
        </Button>
      </Stack>
    </form>
  );
}
