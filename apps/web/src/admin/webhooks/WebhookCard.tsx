// One endpoint: its address and events, on or off (and why the forum turned it off), Send test
// event, Delete, and its recent deliveries.
import type { WebhookView } from "@forum/contracts";
import { Badge, Button, Code, Group, Paper, Stack, Switch, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { relativeTime } from "../../lib/format";
import { useTRPC } from "../../lib/trpc";
import { useToastedMutation } from "../../lib/useToastedMutation";
import { DeliveriesList } from "./DeliveriesList";

export function WebhookCard({ webhook }: { webhook: WebhookView }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.webhooks.pathKey() });
  const update = useToastedMutation(trpc.webhooks.update.mutationOptions(), {
    success: (answer) => (answer.enabled ? "Webhook enabled" : "Webhook disabled"),
    failure: "Failed to update the webhook",
    onSuccess: refresh,
  });
  const test = useToastedMutation(trpc.webhooks.sendTest.mutationOptions(), {
    success: (answer) => answer.message,
    failure: "Failed to send a test event",
    onSuccess: refresh,
  });
  const remove = useToastedMutation(trpc.webhooks.delete.mutationOptions(), {
    success: (answer) => answer.message,
    failure: "Failed to delete the webhook",
    onSuccess: refresh,
  });
  const confirmDelete = () => {
    if (window.confirm(`Delete the webhook to ${webhook.url}? Its deliveries go with it.`))
      remove.mutate({ id: webhook.id });
  };
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={`Webhook to ${webhook.url}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600} style={{ overflowWrap: "anywhere" }}>
            {webhook.url}
          </Text>
          <Badge color={webhook.enabled ? "green" : "gray"}>{webhook.enabled ? "Enabled" : "Disabled"}</Badge>
        </Group>
        <Group gap={6}>
          {webhook.events.map((event) => (
            <Code key={event}>{event}</Code>
          ))}
        </Group>
        {webhook.disabledReason && (
          <Text size="sm" c="red" role="status">
            {webhook.disabledReason}
          </Text>
        )}
        {webhook.enabled && webhook.failingSince && (
          <Text size="sm" c="red">
            Failing since {relativeTime(webhook.failingSince)}: it is disabled after 24 hours of failures.
          </Text>
        )}
        <Group gap="sm" wrap="wrap">
          <Switch
            label="Enabled"
            checked={webhook.enabled}
            disabled={update.isPending}
            onChange={(event) => update.mutate({ id: webhook.id, enabled: event.currentTarget.checked })}
          />
          <Button size="xs" variant="light" onClick={() => test.mutate({ id: webhook.id })} disabled={test.isPending}>
            {test.isPending ? "Sending..." : "Send test event"}
          </Button>
          <Button size="xs" variant="subtle" color="red" onClick={confirmDelete} disabled={remove.isPending}>
            Delete
          </Button>
        </Group>
        <details>
          <summary>Recent deliveries</summary>
          <DeliveriesList webhookId={webhook.id} />
        </details>
      </Stack>
    </Paper>
  );
}
