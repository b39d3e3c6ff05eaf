// Under the Email Address field while a new address waits for its confirmation: the account keeps
// its address until the link mailed to the new one is opened. Resend mails a new link (the server
// limits how often); Cancel change drops the new address and its link.
import type { CurrentUser } from "@forum/contracts";
import { Alert, Button, Group, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../../lib/trpc";
import { useToastedMutation } from "../../lib/useToastedMutation";

export function PendingEmailNotice({ user }: { user: CurrentUser }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const resend = useToastedMutation(trpc.email.resend.mutationOptions(), {
    success: (sent) => sent.message,
    failure: "Failed to send the confirmation email",
  });
  const cancel = useToastedMutation(trpc.email.cancelChange.mutationOptions(), {
    success: (answer) => answer.message,
    failure: "Failed to cancel the change",
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() }),
  });
  if (!user.pendingEmail) return null;
  return (
    <Alert color="yellow" variant="light" role="status" data-pending-email>
      <Text size="sm" mb="xs">
        Pending confirmation of {user.pendingEmail}. We sent a link there; until you open it, your address stays{" "}
        {user.email}.
      </Text>
      <Group gap="xs">
        <Button size="xs" variant="light" onClick={() => resend.mutate()} disabled={resend.isPending}>
          {resend.isPending ? "Sending..." : "Resend link"}
        </Button>
        <Button size="xs" variant="default" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
          {cancel.isPending ? "Cancelling..." : "Cancel change"}
        </Button>
      </Group>
    </Alert>
  );
}
