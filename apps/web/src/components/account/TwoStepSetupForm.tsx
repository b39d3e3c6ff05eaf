// Set-up of two-step sign-in: the QR code to scan (the server's SVG, shown from a blob: address
// since the page's CSP allows no data: images), the key as text for typing in by hand, and the
// first code from the app, which turns it on.
import { enableTwoStepInput, type TwoStepSetup } from "@forum/contracts";
import { Box, Button, Code, CopyButton, Group, Image, Stack, Text, TextInput } from "@mantine/core";
import { useEffect, useState } from "react";
import { httpStatusOf, useTRPC } from "../../lib/trpc";
import { useSchemaForm } from "../../lib/useSchemaForm";
import { useToastedMutation } from "../../lib/useToastedMutation";

/** An address for the SVG text, released when the set-up closes. */
function useSvgUrl(svg: string): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const made = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [svg]);
  return url;
}

/** The key in groups of four, as authenticator apps show it. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

export function TwoStepSetupForm(props: {
  setup: TwoStepSetup;
  onCancel: () => void;
  onEnabled: (recoveryCodes: string[]) => void;
}) {
  const trpc = useTRPC();
  const qrUrl = useSvgUrl(props.setup.qrSvg);
  const { form, field, onSubmit } = useSchemaForm({
    initialValues: { code: "" },
    schema: enableTwoStepInput,
  });
  const enable = useToastedMutation(trpc.twoStep.enable.mutationOptions(), {
    // No toast: the recovery codes' dialog says it is on (a toast would cover its title on a phone).
    // The server's reason (a wrong or late code) goes under the field, where the member looks.
    failure: (error) => {
      // A lost session goes the usual way (to the sign-in screen, back here after).
      if (httpStatusOf(error) === 401) return "Failed to turn on two-step sign-in";
      form.setFieldError("code", error instanceof Error ? error.message : "Failed to turn on two-step sign-in");
      return undefined;
    },
    onSuccess: (answer) => props.onEnabled(answer.recoveryCodes),
  });

  return (
    <Stack gap="md">
      <Text size="sm">
        1. Scan this QR code with an authenticator app (such as Google Authenticator, Microsoft Authenticator, 1Password
        or Aegis), or type the key in by hand.
      </Text>
      <Group align="center" gap="lg" wrap="wrap">
        <Box w={176} h={176} bg="white" p={4} style={{ borderRadius: 8, flexShrink: 0 }}>
          {qrUrl && <Image src={qrUrl} alt="QR code for your authenticator app" w={168} h={168} />}
        </Box>
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed">
            Key
          </Text>
          <Code data-testid="two-step-secret" fz="md" style={{ overflowWrap: "anywhere" }}>
            {grouped(props.setup.secret)}
          </Code>
          <CopyButton value={props.setup.secret}>
            {({ copied, copy }) => (
              <Button variant="default" size="xs" onClick={copy} w="fit-content">
                {copied ? "Copied" : "Copy key"}
              </Button>
            )}
          </CopyButton>
        </Stack>
      </Group>
      <form noValidate onSubmit={onSubmit((values) => enable.mutate(values))}>
        <Stack gap="sm" maw={360}>
          <TextInput
            label="2. Enter the 6-digit code the app shows"
            autoComplete="one-time-code"
            inputMode="numeric"
            placeholder="123456"
            {...field("code")}
          />
          <Group gap="sm">
            <Button type="submit" disabled={enable.isPending}>
              {enable.isPending ? "Turning on..." : "Turn on"}
            </Button>
            <Button variant="default" onClick={props.onCancel} disabled={enable.isPending}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
