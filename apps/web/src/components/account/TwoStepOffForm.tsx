// Turning two-step sign-in off: proved with a current code from the app (or a recovery code), or
// with the password when the phone is gone. The server's reason shows under the field it is about.
import { TWO_STEP_MESSAGES } from "@forum/contracts";
import { Button, Group, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { httpStatusOf, useTRPC } from "../../lib/trpc";
import { useToastedMutation } from "../../lib/useToastedMutation";

export function TwoStepOffForm(props: { onCancel: () => void; onDone: () => void }) {
  const trpc = useTRPC();
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<{ field: "code" | "password"; message: string } | null>(null);
  const byCode = code.trim() !== "";
  const disable = useToastedMutation(trpc.twoStep.disable.mutationOptions(), {
    success: (answer) => answer.message,
    failure: (failure) => {
      // A lost session goes the usual way (to the sign-in screen, back here after).
      if (httpStatusOf(failure) === 401) return "Failed to turn off two-step sign-in";
      const message = failure instanceof Error ? failure.message : "Failed to turn off two-step sign-in";
      setError({ field: byCode ? "code" : "password", message });
      return undefined;
    },
    onSuccess: props.onDone,
  });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!byCode && password === "") {
      setError({ field: "code", message: TWO_STEP_MESSAGES.proofRequired });
      return;
    }
    setError(null);
    disable.mutate(byCode ? { code } : { password });
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm" maw={360}>
        <Text size="sm">Enter a current code from your app, or your password.</Text>
        <TextInput
          label="Authentication code"
          autoComplete="one-time-code"
          inputMode="numeric"
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={error?.field === "code" ? error.message : undefined}
        />
        <PasswordInput
          label="Or your password"
          autoComplete="current-password"
          value={password}
          disabled={byCode}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={error?.field === "password" ? error.message : undefined}
        />
        <Group gap="sm">
          <Button type="submit" color="red" disabled={disable.isPending}>
            {disable.isPending ? "Turning off..." : "Turn off two-step sign-in"}
          </Button>
          <Button variant="default" onClick={props.onCancel} disabled={disable.isPending}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
