// The Register tab, checked with the server's own schema (registerInput): blank fields and a
// confirmation that differs get the spec's toasts, a malformed name or a short password a message
// under its field. The confirmation is checked here and never sent. A taken username or email is
// the server's finding: the spec's toast, and the field marked with what to change (issue 25).
import { LIMITS, MESSAGES, registerInput } from "@forum/contracts";
import { Button, PasswordInput, Stack, TextInput } from "@mantine/core";
import { toastError } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";
import { useSchemaForm } from "../../lib/useSchemaForm";
import { useToastedMutation } from "../../lib/useToastedMutation";
import { serverReason } from "./authFailure";
import { useSignedIn } from "./useSignedIn";

const REGISTRATION_FAILED = "Username may already exist or invalid data";

/** The fields each of the server's "taken" answers is about. */
const TAKEN_FIELDS: Record<string, ("username" | "email")[]> = {
  [MESSAGES.usernameTaken]: ["username"],
  [MESSAGES.emailTaken]: ["email"],
  [MESSAGES.accountTaken]: ["username", "email"],
};

export function RegisterForm() {
  const trpc = useTRPC();
  const signedIn = useSignedIn();
  const { form, field, onSubmit } = useSchemaForm({
    initialValues: { username: "", email: "", password: "", confirmPassword: "" },
    schema: registerInput,
    formMessages: {
      [MESSAGES.loginFieldsRequired]: "Missing information",
      [MESSAGES.passwordMismatch]: "Password mismatch",
    },
  });
  const register = useToastedMutation(trpc.auth.register.mutationOptions(), {
    failure: (error) => {
      // Too many sign-ups from this address: the wait is all there is to say.
      const wait = serverReason(error, [429]);
      if (wait) toastError("Registration failed", wait);
      else {
        // A conflict (taken name or email) tells the person what to fix.
        const reason = serverReason(error, [400, 409]);
        toastError("Registration failed", reason ? `${REGISTRATION_FAILED}. ${reason}` : REGISTRATION_FAILED);
        if (reason) for (const name of TAKEN_FIELDS[reason] ?? []) form.setFieldError(name, reason);
      }
      return undefined;
    },
    onSuccess: (user) => signedIn(user, "Account created successfully"),
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit(({ username, email, password }) => register.mutate({ username, email, password }))}
    >
      <Stack gap="sm">
        <TextInput label="Username" autoComplete="username" {...field("username")} />
        <TextInput label="Email" type="email" autoComplete="email" {...field("email")} />
        <PasswordInput
          label="Password"
          description={`At least ${LIMITS.password.min} characters`}
          autoComplete="new-password"
          {...field("password")}
        />
        <PasswordInput label="Confirm Password" autoComplete="new-password" {...field("confirmPassword")} />
        <Button type="submit" fullWidth mt="xs" disabled={register.isPending}>
          {register.isPending ? "Creating account..." : "Create Account"}
        </Button>
      </Stack>
    </form>
  );
}
