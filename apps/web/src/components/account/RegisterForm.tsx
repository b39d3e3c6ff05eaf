// The Register tab. The confirmation is checked here and never sent.
import { isBlank, LIMITS, MESSAGES } from "@forum/contracts";
import { Button, PasswordInput, Stack, TextInput } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { toastError } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";
import { useTextForm } from "../../lib/useTextForm";
import { serverReason } from "./authFailure";
import { useSignedIn } from "./useSignedIn";

const EMPTY = { username: "", email: "", password: "", confirmPassword: "" };
const REGISTRATION_FAILED = "Username may already exist or invalid data";

export function RegisterForm() {
  const trpc = useTRPC();
  const signedIn = useSignedIn();
  const { form, field } = useTextForm(EMPTY);
  const register = useMutation(
    trpc.auth.register.mutationOptions({
      onSuccess: (user) => signedIn(user, "Account created successfully"),
      onError: (error) => {
        // Too many sign-ups from this address: the wait is all there is to say.
        const wait = serverReason(error, [429]);
        if (wait) return toastError("Registration failed", wait);
        // A validation or conflict message (short password, taken name) tells the person what to fix.
        const reason = serverReason(error, [400, 409]);
        toastError("Registration failed", reason ? `${REGISTRATION_FAILED}. ${reason}` : REGISTRATION_FAILED);
      },
    }),
  );

  const submit = () => {
    if (isBlank(form.username) || isBlank(form.email) || !form.password) {
      toastError("Missing information", MESSAGES.loginFieldsRequired);
      return;
    }
    if (form.password !== form.confirmPassword) {
      toastError("Password mismatch", MESSAGES.passwordMismatch);
      return;
    }
    register.mutate({ username: form.username.trim(), email: form.email.trim(), password: form.password });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
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
