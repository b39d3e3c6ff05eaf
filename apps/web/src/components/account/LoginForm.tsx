// The Login tab: Username and Password, checked with the server's own schema (loginInput); blank
// fields are caught here with the spec's toast and nothing is sent. Before the app is live (or
// without JavaScript) the form posts itself to `action`; the server signs in and redirects with
// the same messages (apps/server/src/plugins/nativeForms.ts). With two-step sign-in on, a right
// password leads to the second step (a challenge, from the answer or from the server's redirect).
import { FORM_SUCCESS, loginInput, SIGN_IN_FORM_MESSAGES, signInFailure } from "@forum/contracts";
import { Anchor, Button, PasswordInput, Stack, TextInput } from "@mantine/core";
import { useRef, useState } from "react";
import { Link } from "react-router";
import { useFlashValues } from "../../lib/flash";
import { toastError } from "../../lib/toast";
import { httpStatusOf, useTRPC } from "../../lib/trpc";
import { useTypedBeforeHydration } from "../../lib/typedBeforeHydration";
import { useSchemaForm } from "../../lib/useSchemaForm";
import { useToastedMutation } from "../../lib/useToastedMutation";
import { SecondStepForm } from "./SecondStepForm";
import { useSignedIn } from "./useSignedIn";

export function LoginForm({ action }: { action: string }) {
  const kept = useFlashValues("login");
  const [challenge, setChallenge] = useState(kept.challenge ?? null);
  return challenge ? (
    <SecondStepForm action={action} challenge={challenge} onRestart={() => setChallenge(null)} />
  ) : (
    <PasswordStepForm action={action} username={kept.username ?? ""} onSecondStep={setChallenge} />
  );
}

function PasswordStepForm(props: { action: string; username: string; onSecondStep: (challenge: string) => void }) {
  const { action } = props;
  const trpc = useTRPC();
  const signedIn = useSignedIn();
  const initialValues = { username: props.username, password: "" };
  const { form, field, onSubmit } = useSchemaForm({
    initialValues,
    schema: loginInput,
    formMessages: SIGN_IN_FORM_MESSAGES,
  });
  const login = useToastedMutation(trpc.auth.login.mutationOptions(), {
    // Any failure reads as bad credentials (a 401 here is not a lost session), except a ban,
    // which the member needs to know about, and too many attempts, which says how long to wait.
    failure: (error) => {
      const text = signInFailure("login", httpStatusOf(error), error instanceof Error ? error.message : "");
      toastError(text.title, text.message);
      return undefined;
    },
    onSuccess: (answer) =>
      "secondStep" in answer ? props.onSecondStep(answer.challenge) : signedIn(answer, FORM_SUCCESS.login.message),
  });

  const formRef = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(formRef, initialValues, (typed) => form.setValues(typed));

  return (
    <form
      ref={formRef}
      method="post"
      action={action}
      noValidate
      onSubmit={onSubmit((credentials) => login.mutate(credentials))}
    >
      <Stack gap="sm">
        <TextInput label="Username" name="username" autoComplete="username" {...field("username")} />
        <PasswordInput label="Password" name="password" autoComplete="current-password" {...field("password")} />
        <Anchor component={Link} to="/forgot-password" size="sm" ta="right">
          Forgot password?
        </Anchor>
        <Button type="submit" fullWidth mt="xs" disabled={login.isPending}>
          {login.isPending ? "Logging in..." : "Login"}
        </Button>
      </Stack>
    </form>
  );
}
