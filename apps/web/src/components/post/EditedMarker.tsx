// "edited", with the time of the last edit on hover (and for screen readers, as a <time>).
import { Text } from "@mantine/core";
import { formatDate } from "../../lib/format";

export function EditedMarker({ editedAt }: { editedAt: string | null }) {
  if (!editedAt) return null;
  const when = `Edited ${formatDate(editedAt)} ${new Date(editedAt).toLocaleTimeString()}`;
  return (
    <Text
      component="time"
      dateTime={editedAt}
      title={when}
      aria-label={when}
      size="xs"
      c="dimmed"
      fs="italic"
      suppressHydrationWarning
    >
      edited
    </Text>
  );
}
