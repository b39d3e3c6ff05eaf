// Edit and delete buttons of one ad; delete asks the browser for confirmation first.
import type { AdView } from "@forum/contracts";
import { ActionIcon, Group, Tooltip } from "@mantine/core";
import { IconPencil, IconTrash } from "@tabler/icons-react";
import { useDeleteAd } from "./useAdMutations";

export function AdRowActions({ ad, onEdit }: { ad: AdView; onEdit: (ad: AdView) => void }) {
  const remove = useDeleteAd();
  const confirmDelete = () => {
    if (window.confirm(`Are you sure you want to delete "${ad.title}"? This action cannot be undone.`)) {
      remove.mutate({ id: ad.id });
    }
  };
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label="Edit">
        <ActionIcon variant="subtle" aria-label={`Edit ${ad.title}`} onClick={() => onEdit(ad)}>
          <IconPencil size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={remove.isPending ? "Deleting..." : "Delete"}>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Delete ${ad.title}`}
          loading={remove.isPending}
          onClick={confirmDelete}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
