// The rules every spreadsheet follows (spec section 2).
import { List, Text } from "@mantine/core";

const NOTES = [
  "Column names are case-sensitive.",
  "All required columns must be present.",
  "IDs (categoryId, authorId, postId) must match existing records.",
  "Slugs are generated on import.",
  "The first sheet is read; its first row holds the column names.",
  "If any row has a problem, nothing is imported.",
];

export function BulkNotes() {
  return (
    <div>
      <Text fw={600} size="sm" mb={4}>
        Notes
      </Text>
      <List size="sm" spacing={2}>
        {NOTES.map((note) => (
          <List.Item key={note}>{note}</List.Item>
        ))}
      </List>
    </div>
  );
}
