// One entry of the staff log: what was done to what, by whom and when, then each changed field's
// before and after, and the entry's details (an import's rows, how a reset link went).
import { STAFF_ACTION_LABELS, type StaffLogEntry, type StaffValue } from "@forum/contracts";
import { Badge, Group, Paper, Stack, Text } from "@mantine/core";
import { formatDateTime } from "../../lib/format";

/** A value as the log shows it: long texts cut, nothing shown as "(none)". */
function shown(value: StaffValue): string {
  if (value === null || value === "") return "(none)";
  const text = String(value);
  return text.length > 160 ? `${text.slice(0, 159)}…` : text;
}

export function StaffLogEntryCard({ entry }: { entry: StaffLogEntry }) {
  const details = Object.entries(entry.details);
  return (
    <Paper withBorder p="sm" component="li" style={{ listStyle: "none" }}>
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="wrap">
            <Text fw={600}>{STAFF_ACTION_LABELS[entry.action]}</Text>
            <Badge variant="light" color="gray">
              {entry.targetType}
              {entry.targetId === null ? "" : ` #${entry.targetId}`}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {formatDateTime(entry.createdAt)}
          </Text>
        </Group>
        <Text size="sm" style={{ overflowWrap: "anywhere" }}>
          {entry.targetLabel}
        </Text>
        <Text size="sm" c="dimmed">
          by {entry.actor?.username ?? "the command line"}
        </Text>
        {entry.changes.length > 0 && (
          <Stack gap={2} component="ul" m={0} p={0} aria-label="Changes">
            {entry.changes.map((change) => (
              <Text key={change.field} size="sm" component="li" style={{ listStyle: "none", overflowWrap: "anywhere" }}>
                <Text span fw={500}>
                  {change.field}:
                </Text>{" "}
                {shown(change.before)} → {shown(change.after)}
              </Text>
            ))}
          </Stack>
        )}
        {details.length > 0 && (
          <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
            {details.map(([key, value]) => `${key}: ${shown(value)}`).join(" · ")}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
