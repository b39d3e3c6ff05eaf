// The Mail screen's head: whether SMTP is configured (or mail is kept, unsent), the last SMTP
// error, and a test mail to any address.
import { type MailStatus, MESSAGES, sendTestMailInput } from "@forum/contracts";
import { Alert, Button, Group, Paper, Stack, Text, TextInput } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { relativeTime } from "../../lib/format";
import { useTRPC } from "../../lib/trpc";
import { useSchemaForm } from "../../lib/useSchemaForm";
import { useToastedMutation } from "../../lib/useToastedMutation";

export function MailStatusCard({ status }: { status: MailStatus }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { field, onSubmit, form } = useSchemaForm({
    initialValues: { to: "" },
    schema: sendTestMailInput,
    formMessages: { [MESSAGES.requiredFields]: "Missing information" },
  });
  const sendTest = useToastedMutation(trpc.mail.sendTest.mutationOptions(), {
    success: (sent) => sent.message,
    failure: "Failed to send the test email",
    onSuccess: () => {
      form.reset();
      void queryClient.invalidateQueries({ queryKey: trpc.mail.pathKey() });
    },
  });
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        {status.smtpConfigured ? (
          <Text>SMTP is configured: mail is sent by the background sender.</Text>
        ) : (
          <Alert color="yellow" title="SMTP is not configured">
            Mail is kept in the outbox, not sent. Set SMTP_URL and MAIL_FROM to send it; until then, read kept mail
            below.
          </Alert>
        )}
        {status.lastError && (
          <Alert
            color="red"
            title={`Last SMTP error${status.lastErrorAt === null ? "" : `, ${relativeTime(new Date(status.lastErrorAt).toISOString())}`}`}
          >
            {status.lastError}
          </Alert>
        )}
        <form noValidate onSubmit={onSubmit((input) => sendTest.mutate(input))}>
          <Group align="flex-end" gap="sm">
            <TextInput label="Test address" name="to" type="email" style={{ flex: 1 }} {...field("to")} />
            <Button type="submit" disabled={sendTest.isPending}>
              {sendTest.isPending ? "Sending..." : "Send test email"}
            </Button>
          </Group>
        </form>
      </Stack>
    </Paper>
  );
}
