// One mail of the outbox: to whom, what, its state (and last SMTP error), its text to read
// (kept mail's links included), and Retry for a mail that failed or waits for its next attempt.
import type { OutboxMail } from "@forum/contracts";
import { Badge, Button, Code, Group, Paper, Stack, Text } from "@mantine/core";
import { formatDate, relativeTime } from "../../lib/format";

const STATE_COLORS = { kept: "gray", queued: "blue", sending: "cyan", sent: "green", failed: "red" } as const;

export function OutboxMailCard({ mail, onRetry, busy }: { mail: OutboxMail; onRetry: () => void; busy: boolean }) {
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={`${mail.subject} to ${mail.to}`}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{mail.subject}</Text>
          <Badge color={STATE_COLORS[mail.state]}>{mail.state}</Badge>
        </Group>
        <Text size="sm" c="dimmed">
          To {mail.to} · {formatDate(new Date(mail.createdAt).toISOString())} · {mail.attempts} attempt
          {mail.attempts === 1 ? "" : "s"}
        </Text>
        {mail.lastError && (
          <Text size="sm" c="red">
            Last error{mail.lastErrorAt !== null && ` (${relativeTime(new Date(mail.lastErrorAt).toISOString())})`}:{" "}
            {mail.lastError}
          </Text>
        )}
        <details>
          <summary>Read</summary>
          <Code block>{mail.text}</Code>
        </details>
        {(mail.state === "failed" || mail.state === "queued") && (
          <Group>
            <Button size="xs" variant="light" onClick={onRetry} disabled={busy}>
              Retry
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
