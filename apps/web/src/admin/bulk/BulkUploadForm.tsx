// The upload form: what to import, the spreadsheet, and the upload button with its progress.
import type { BulkUploadType } from "@forum/contracts";
import { Button, FileInput, Group, Select, Stack } from "@mantine/core";
import { IconFileSpreadsheet, IconUpload } from "@tabler/icons-react";
import { isUploadType, UPLOAD_TYPE_OPTIONS } from "./bulkTypes";
import { UploadProgress } from "./UploadProgress";
import type { UploadPhase } from "./useBulkUpload";

type Props = {
  type: BulkUploadType | null;
  onTypeChange: (type: BulkUploadType | null) => void;
  file: File | null;
  onFileChange: (file: File | null) => void;
  phase: UploadPhase;
  onUpload: () => void;
};

const BUTTON_LABEL = { idle: "Upload", uploading: "Uploading...", importing: "Importing..." } as const;

export function BulkUploadForm({ type, onTypeChange, file, onFileChange, phase, onUpload }: Props) {
  const busy = phase.kind !== "idle";
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onUpload();
      }}
    >
      <Stack gap="md">
        <Select
          label="Upload Type"
          placeholder="Choose what to import"
          data={UPLOAD_TYPE_OPTIONS}
          allowDeselect={false}
          value={type}
          onChange={(value) => onTypeChange(isUploadType(value) ? value : null)}
          disabled={busy}
        />
        <FileInput
          label="Excel File"
          placeholder="Choose an .xlsx or .xls file"
          accept=".xlsx,.xls"
          clearable
          leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
          value={file}
          onChange={onFileChange}
          disabled={busy}
        />
        <UploadProgress phase={phase} />
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconUpload size={16} aria-hidden />} disabled={busy}>
            {BUTTON_LABEL[phase.kind]}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
