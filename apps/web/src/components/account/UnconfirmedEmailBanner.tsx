// Until a member confirms their address, every page of the layout says so, with Resend (the
// server limits how often). The forum stays usable meanwhile.
import { Alert, Button, Group, Text } from "@mantine/core";
import { useCurrentUser } from "../../auth/useCurrentUser";
import { useTRPC } from "../../lib/trpc";
import { useToastedMutation } from "../../lib/useToastedMutation";

export function UnconfirmedEmailBanner() {
  const { user } = useCurrentUser();
  const trpc = useTRPC();
  const resend = useToastedMutation(trpc.email.resend.mutationOptions(), {
    success: (sent) => sent.message,
    failure: (error) => (error instanceof Error ? error.message : "Failed to send the confirmation email"),
  });
  if (!user || user.emailConfirmed) return null;
  return (
    <Alert color="yellow" variant="light" role="status" mb="md" data-unconfirmed-email>
      <Group justify="space-between" gap="xs">
        {/* While a change of address waits, Resend (the server's) mails the new address: say that one. */}
        <Text size="sm">
          {user.pendingEmail
            ? `Please confirm your new email address: we sent a link to ${user.pendingEmail}.`
            : `Please confirm your email address: we sent a link to ${user.email}.`}
        </Text>
        <Button size="xs" variant="light" onClick={() => resend.mutate()} disabled={resend.isPending}>
          {resend.isPending ? "Sending..." : "Resend"}
        </Button>
      </Group>
    </Alert>
  );
}
