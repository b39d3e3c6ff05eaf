// An endpoint's recent deliveries, newest first: event, state, status, when, attempts, the last
// error and the start of the answer (as text), and Redeliver.
import type { WebhookDeliveryView } from "@forum/contracts";
import { Badge, Button, Code, Group, Stack, Table, Text } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { formatDate, plural } from "../../lib/format";
import { useTRPC } from "../../lib/trpc";
import { useToastedMutation } from "../../lib/useToastedMutation";

const STATE_COLORS = { queued: "blue", sending: "cyan", delivered: "green", failed: "red" } as const;

function DeliveryRow({
  delivery,
  onRedeliver,
  busy,
}: {
  delivery: WebhookDeliveryView;
  onRedeliver: () => void;
  busy: boolean;
}) {
  return (
    <Table.Tr>
      <Table.Td>
        <Code>{delivery.event}</Code>
      </Table.Td>
      <Table.Td>
        <Badge color={STATE_COLORS[delivery.state]}>{delivery.state}</Badge>
      </Table.Td>
      <Table.Td>{delivery.lastStatus ?? "—"}</Table.Td>
      <Table.Td>
        <Stack gap={2}>
          <Text size="sm">{formatDate(delivery.lastAttemptAt ?? delivery.createdAt)}</Text>
          {delivery.lastError && (
            <Text size="xs" c="red">
              {delivery.lastError}
            </Text>
          )}
          {delivery.lastResponse && (
            <Code block style={{ maxHeight: 80, overflow: "auto", whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
              {delivery.lastResponse}
            </Code>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>{plural(delivery.attempts, "attempt", "attempts")}</Table.Td>
      <Table.Td>
        <Button size="xs" variant="light" onClick={onRedeliver} disabled={busy}>
          Redeliver
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

export function DeliveriesList({ webhookId }: { webhookId: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const deliveries = useQuery({
    ...trpc.webhooks.deliveries.queryOptions({ id: webhookId }),
    // Queued deliveries change by themselves: look again while any waits.
    refetchInterval: (query) =>
      query.state.data?.some((row) => row.state === "queued" || row.state === "sending") ? 2000 : false,
  });
  const redeliver = useToastedMutation(trpc.webhooks.redeliver.mutationOptions(), {
    success: (answer) => answer.message,
    failure: "Failed to redeliver",
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.webhooks.deliveries.pathKey() }),
  });
  if (deliveries.isPending) return <Text size="sm">Loading deliveries…</Text>;
  if (deliveries.isError) return <Text size="sm">The deliveries could not be loaded.</Text>;
  if (deliveries.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No deliveries yet
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table aria-label="Recent deliveries" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Event</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Time</Table.Th>
            <Table.Th>Attempts</Table.Th>
            <Table.Th>
              <Group gap={0}>Action</Group>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {deliveries.data.map((delivery) => (
            <DeliveryRow
              key={delivery.id}
              delivery={delivery}
              busy={redeliver.isPending}
              onRedeliver={() => redeliver.mutate({ id: delivery.id })}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
