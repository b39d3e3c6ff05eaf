// One backup in the list: its file name (its UTC time and schema version), size, when it was
// taken, and a download link (the server streams the file; the browser saves it).
import type { BackupView } from "@forum/contracts";
import { Button, Group, Paper, Stack, Text } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { formatDateTime, formatSize, relativeTime } from "../../lib/format";

export function BackupRow({ backup }: { backup: BackupView }) {
  return (
    <Paper withBorder p="md" radius="md" component="li" aria-label={`Backup ${backup.name}`}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text ff="monospace" size="sm" style={{ overflowWrap: "anywhere" }}>
            {backup.name}
          </Text>
          <Text size="sm" c="dimmed" suppressHydrationWarning>
            <span data-testid="backup-size">{formatSize(backup.sizeBytes)}</span> ·{" "}
            <time dateTime={backup.createdAt}>{formatDateTime(backup.createdAt)}</time> (
            {relativeTime(backup.createdAt)})
          </Text>
        </Stack>
        <Button
          component="a"
          href={backup.downloadUrl}
          download={backup.name}
          size="xs"
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
          aria-label={`Download ${backup.name}`}
        >
          Download
        </Button>
      </Group>
    </Paper>
  );
}
