// A short "Notes" list on an admin screen (the rules of Bulk Upload, what Export's files are).
import { List, Text } from "@mantine/core";

export function AdminNotes({ notes }: { notes: readonly string[] }) {
  return (
    <div>
      <Text fw={600} size="sm" mb={4}>
        Notes
      </Text>
      <List size="sm" spacing={2}>
        {notes.map((note) => (
          <List.Item key={note}>{note}</List.Item>
        ))}
      </List>
    </div>
  );
}
