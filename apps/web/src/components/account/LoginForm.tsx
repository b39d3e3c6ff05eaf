// The Login tab: Username and Password, checked with the server's own schema (loginInput); blank
// fields are caught here with the spec's toast and nothing is sent.
import { loginInput, MESSAGES } from "@forum/contracts";
import { Button, PasswordInput, Stack, TextInput } from "@mantine/core";
import { toastError } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";
import { useSchemaForm } from "../../lib/useSchemaForm";
import { useToastedMutation } from "../../lib/useToastedMutation";
import { serverReason } from "./authFailure";
import { useSignedIn } from "./useSignedIn";

export function LoginForm() {
  const trpc = useTRPC();
  const signedIn = useSignedIn();
  const { field, onSubmit } = useSchemaForm({
    initialValues: { username: "", password: "" },
    schema: loginInput,
    formMessages: { [MESSAGES.loginFieldsRequired]: "Missing information" },
  });
  const login = useToastedMutation(trpc.auth.login.mutationOptions(), {
    // Any failure reads as bad credentials (a 401 here is not a lost session), except a ban,
    // which the member needs to know about, and too many attempts, which says how long to wait.
    failure: (error) => {
      toastError("Login failed", serverReason(error, [403, 429]) ?? MESSAGES.invalidCredentials);
      return undefined;
    },
    onSuccess: (user) => signedIn(user, "Logged in successfully"),
  });

  return (
    <form noValidate onSubmit={onSubmit((credentials) => login.mutate(credentials))}>
      <Stack gap="sm">
        <TextInput label="Username" autoComplete="username" {...field("username")} />
        <PasswordInput label="Password" autoComplete="current-password" {...field("password")} />
        <Button type="submit" fullWidth mt="xs" disabled={login.isPending}>
          {login.isPending ? "Logging in..." : "Login"}
        </Button>
      </Stack>
    </form>
  );
}
