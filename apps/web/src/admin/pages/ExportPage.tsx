// Export (/admin/export, issue 32): members, categories, posts and replies as .xlsx or .csv in the
// Bulk Upload's columns, so that importing the four files into an empty forum gives its content
// back. Each download is streamed by the server and read here with a progress bar.
import { BULK_UPLOAD_TYPES } from "@forum/contracts";
import { Paper, SimpleGrid } from "@mantine/core";
import { AdminNotes } from "../AdminNotes";
import { AdminPageHeader } from "../AdminPageHeader";
import { ExportCard } from "../export/ExportCard";
import { useExports } from "../export/useExports";

const NOTES = [
  "The columns are the Bulk Upload's: the files can be imported as they are.",
  "Import them into an empty forum in this order: members, categories, posts, replies.",
  "The ids in categoryId, authorId and postId are row positions: authorId 3 is the 3rd member of the members file, the id that member gets in an empty forum.",
];

export default function ExportPage() {
  const { states, start } = useExports();
  return (
    <>
      <AdminPageHeader title="Export" subtitle="Download members, categories, posts and replies as a spreadsheet" />
      <Paper withBorder p="md" radius="md" mb="lg">
        <AdminNotes notes={NOTES} />
      </Paper>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {BULK_UPLOAD_TYPES.map((type) => (
          <ExportCard key={type} type={type} state={states[type]} onExport={(format) => void start(type, format)} />
        ))}
      </SimpleGrid>
    </>
  );
}
