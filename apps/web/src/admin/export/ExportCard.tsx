// One kind of export: its name and what it holds, a download link per format (a plain link works
// without script; with it the screen downloads with a progress bar), and how the last one went.
import {
  BULK_COLUMNS,
  type BulkUploadType,
  SPREADSHEET_EXPORT_FORMATS,
  type SpreadsheetExportFormat,
  spreadsheetExportUrl,
} from "@forum/contracts";
import { Alert, Button, Code, Group, Paper, Progress, Stack, Text, Title } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import type { MouseEvent } from "react";
import type { ExportState } from "./useExports";

export const EXPORT_LABELS: Record<BulkUploadType, string> = {
  users: "Members",
  categories: "Categories",
  posts: "Posts",
  replies: "Replies",
};

const count = (n: number) => n.toLocaleString("en-US");
const megabytes = (bytes: number) => (bytes / (1024 * 1024)).toLocaleString("en-US", { maximumFractionDigits: 1 });

function ExportStatus({ label, state }: { label: string; state: ExportState | undefined }) {
  if (!state) return null;
  if (state.kind === "failed") {
    return (
      <Alert color="red" title="Export failed">
        {state.message}
      </Alert>
    );
  }
  if (state.kind === "done") {
    return (
      <Text size="sm" c="teal.8" role="status">
        Saved {state.fileName}: {count(state.rows)} {state.rows === 1 ? "row" : "rows"}
      </Text>
    );
  }
  const progress = state.progress;
  const percent = progress && progress.total > 0 ? Math.min(100, (progress.rows / progress.total) * 100) : 0;
  return (
    <Stack gap={4}>
      <Progress value={percent} aria-label={`Exporting ${label.toLowerCase()}`} transitionDuration={150} />
      <Text size="sm" c="dimmed" role="status">
        {progress
          ? `Exporting... ${count(progress.rows)} of ${count(progress.total)} rows (${megabytes(progress.bytes)} MB)`
          : "Starting the export..."}
      </Text>
    </Stack>
  );
}

export function ExportCard({
  type,
  state,
  onExport,
}: {
  type: BulkUploadType;
  state: ExportState | undefined;
  onExport: (format: SpreadsheetExportFormat) => void;
}) {
  const label = EXPORT_LABELS[type];
  const running = state?.kind === "running";
  // A click with a modifier key (new tab, save link as) keeps the link's own behaviour.
  const clicked = (format: SpreadsheetExportFormat) => (event: MouseEvent) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    onExport(format);
  };
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={`export-${type}-title`}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={`export-${type}-title`}>
          {label}
        </Title>
        <Text size="sm" c="dimmed">
          Columns: {BULK_COLUMNS[type].map((column) => column.name).join(", ")}
        </Text>
        {type === "users" && (
          <Text size="sm">
            Passwords are never exported: the <Code>password</Code> cells stay blank and <Code>password_exported</Code>{" "}
            is false. Imported members set a password with Forgot password.
          </Text>
        )}
        <Group gap="sm">
          {SPREADSHEET_EXPORT_FORMATS.map((format) => (
            <Button
              key={format}
              component="a"
              href={spreadsheetExportUrl(type, format)}
              download
              onClick={clicked(format)}
              variant={format === "xlsx" ? "filled" : "default"}
              leftSection={<IconDownload size={16} aria-hidden />}
              aria-label={`Download ${label.toLowerCase()} as .${format}`}
              data-disabled={running || undefined}
              loading={running && state.format === format}
            >
              .{format}
            </Button>
          ))}
        </Group>
        <ExportStatus label={label} state={state} />
      </Stack>
    </Paper>
  );
}
