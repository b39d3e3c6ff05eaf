// The foot of the edit dialogs: Cancel and Save Changes (Saving... while pending).
import { Button, Group } from "@mantine/core";

export function DialogButtons({ pending, onCancel }: { pending: boolean; onCancel: () => void }) {
  return (
    <Group justify="flex-end" gap="sm" mt="xs">
      <Button variant="default" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button type="submit" disabled={pending}>
        {pending ? "Saving..." : "Save Changes"}
      </Button>
    </Group>
  );
}
