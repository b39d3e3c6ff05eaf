// The Login tab: Username and Password; blank fields are caught here and nothing is sent.
import { isBlank, MESSAGES } from "@forum/contracts";
import { Button, PasswordInput, Stack, TextInput } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { toastError } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";
import { serverReason } from "./authFailure";
import { useSignedIn } from "./useSignedIn";

export function LoginForm() {
  const trpc = useTRPC();
  const signedIn = useSignedIn();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const login = useMutation(
    trpc.auth.login.mutationOptions({
      onSuccess: (user) => signedIn(user, "Logged in successfully"),
      // Any failure reads as bad credentials, except a ban, which the member needs to know about,
      // and too many attempts, which says how long to wait.
      onError: (error) => toastError("Login failed", serverReason(error, [403, 429]) ?? "Invalid username or password"),
    }),
  );

  const submit = () => {
    if (isBlank(username) || !password) {
      toastError("Missing information", MESSAGES.loginFieldsRequired);
      return;
    }
    login.mutate({ username: username.trim(), password });
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
        <TextInput
          label="Username"
          autoComplete="username"
          value={username}
          onChange={(event) => setUsername(event.currentTarget.value)}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <Button type="submit" fullWidth mt="xs" disabled={login.isPending}>
          {login.isPending ? "Logging in..." : "Login"}
        </Button>
      </Stack>
    </form>
  );
}
