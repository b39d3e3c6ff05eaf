// Bulk Upload (/admin/bulk-upload): import users, categories, posts or replies from a spreadsheet.
import type { BulkUploadType } from "@forum/contracts";
import { Grid, Paper, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { AdminPageHeader } from "../AdminPageHeader";
import { BulkColumns } from "../bulk/BulkColumns";
import { BulkExamples } from "../bulk/BulkExamples";
import { BulkImported } from "../bulk/BulkImported";
import { BulkNotes } from "../bulk/BulkNotes";
import { BulkProblemsTable } from "../bulk/BulkProblemsTable";
import { BulkUploadForm } from "../bulk/BulkUploadForm";
import { useBulkUpload } from "../bulk/useBulkUpload";

export default function BulkUploadPage() {
  const [type, setType] = useState<BulkUploadType | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const { phase, report, imported, upload } = useBulkUpload();
  // A file that was imported is let go of, so a second click cannot import its rows again.
  const uploadFile = async () => {
    if (await upload(file, type)) setFile(null);
  };

  return (
    <>
      <AdminPageHeader title="Bulk Upload" subtitle="Import users, categories, posts or replies from an Excel file" />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <Paper withBorder p="md" radius="md">
              <BulkUploadForm
                type={type}
                onTypeChange={setType}
                file={file}
                onFileChange={setFile}
                phase={phase}
                onUpload={() => void uploadFile()}
              />
            </Paper>
            {report && <BulkProblemsTable report={report} />}
            {imported && <BulkImported report={imported} />}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="bulk-columns-title">
            <Stack gap="md">
              <Title order={2} size="h4" id="bulk-columns-title">
                {type ? `Columns for ${type}` : "Columns"}
              </Title>
              {type ? (
                <BulkColumns type={type} />
              ) : (
                <Text size="sm" c="dimmed">
                  Choose an upload type to see its columns.
                </Text>
              )}
              <BulkNotes />
              <BulkExamples />
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </>
  );
}
