// Real progress: the share of the file sent ("x of y KB"), then an animated bar while the
// server imports it.
import { Progress, Stack, Text } from "@mantine/core";
import type { UploadPhase } from "./useBulkUpload";

const kilobytes = (bytes: number) => (bytes / 1024).toLocaleString(undefined, { maximumFractionDigits: 1 });

export function UploadProgress({ phase }: { phase: UploadPhase }) {
  if (phase.kind === "idle") return null;
  if (phase.kind === "importing") {
    return (
      <Stack gap={4} role="status">
        <Progress value={100} animated aria-label="Importing" />
        <Text size="sm" c="dimmed">
          Importing... ({kilobytes(phase.total)} KB sent)
        </Text>
      </Stack>
    );
  }
  const percent = phase.total > 0 ? Math.min(100, Math.round((phase.loaded / phase.total) * 100)) : 0;
  return (
    <Stack gap={4}>
      <Progress value={percent} aria-label="Upload progress" transitionDuration={150} />
      <Text size="sm" c="dimmed" role="status">
        Uploading... {percent}% ({kilobytes(phase.loaded)} of {kilobytes(phase.total)} KB)
      </Text>
    </Stack>
  );
}
