// The foot of the edit dialogs: Cancel and Save Changes (Saving... while pending), or another pair
// of labels (a report's Send Report / Sending...).
import { Button, Group } from "@mantine/core";

type Props = { pending: boolean; onCancel: () => void; label?: string; pendingLabel?: string };

export function DialogButtons({ pending, onCancel, label = "Save Changes", pendingLabel = "Saving..." }: Props) {
  return (
    <Group justify="flex-end" gap="sm" mt="xs">
      <Button variant="default" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button type="submit" disabled={pending}>
        {pending ? pendingLabel : label}
      </Button>
    </Group>
  );
}
