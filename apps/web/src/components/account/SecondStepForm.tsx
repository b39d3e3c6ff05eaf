// The second step of a sign-in with two-step sign-in on: the 6-digit code from the authenticator
// app, or one of the recovery codes. Like the password form it also posts natively (the hidden
// challenge goes with it; apps/server/src/plugins/nativeForms.ts). A challenge that ran out sends
// the member back to the password.
import { FORM_SUCCESS, secondStepFailure, secondStepInput, TWO_STEP_MESSAGES } from "@forum/contracts";
import { Anchor, Button, Stack, Text, TextInput } from "@mantine/core";
import { useRef } from "react";
import { toastError } from "../../lib/toast";
import { httpStatusOf, useTRPC } from "../../lib/trpc";
import { useTypedBeforeHydration } from "../../lib/typedBeforeHydration";
import { useSchemaForm } from "../../lib/useSchemaForm";
import { useToastedMutation } from "../../lib/useToastedMutation";
import { useSignedIn } from "./useSignedIn";

export function SecondStepForm(props: { action: string; challenge: string; onRestart: () => void }) {
  const trpc = useTRPC();
  const signedIn = useSignedIn();
  const initialValues = { challenge: props.challenge, code: "" };
  const { form, field, onSubmit } = useSchemaForm({ initialValues, schema: secondStepInput });
  const verify = useToastedMutation(trpc.auth.secondStep.mutationOptions(), {
    failure: (error) => {
      const message = error instanceof Error ? error.message : "";
      const text = secondStepFailure(httpStatusOf(error), message);
      toastError(text.title, text.message);
      if (message === TWO_STEP_MESSAGES.challengeExpired) props.onRestart();
      else form.setFieldValue("code", "");
      return undefined;
    },
    onSuccess: (user) => signedIn(user, FORM_SUCCESS.login.message),
  });

  const formRef = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(formRef, initialValues, (typed) => form.setValues(typed));

  return (
    <form
      ref={formRef}
      method="post"
      action={props.action}
      noValidate
      onSubmit={onSubmit((values) => verify.mutate(values))}
    >
      <Stack gap="sm">
        <Text size="sm">
          Two-step sign-in is on for this account. Enter the 6-digit code from your authenticator app, or one of your
          recovery codes.
        </Text>
        <input type="hidden" name="challenge" value={props.challenge} />
        <TextInput
          label="Authentication code"
          name="code"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          // biome-ignore lint/a11y/noAutofocus: the one field of this step, right after the password was sent
          autoFocus
          {...field("code")}
        />
        <Button type="submit" fullWidth mt="xs" disabled={verify.isPending}>
          {verify.isPending ? "Verifying..." : "Verify"}
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={props.onRestart} ta="center">
          Sign in as someone else
        </Anchor>
      </Stack>
    </form>
  );
}
