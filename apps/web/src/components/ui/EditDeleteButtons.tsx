// The Edit and Delete pair of posts and replies, wherever they are listed. Delete reads
// "Deleting..." while its call is under way.
import { Button } from "@mantine/core";
import { IconPencil, IconTrash } from "@tabler/icons-react";

type Props = {
  onEdit: () => void;
  onDelete: () => void;
  deleting?: boolean;
  /** Small, quiet buttons (inside a reply) instead of the standard pair. */
  compact?: boolean;
  /** What the buttons act on, for screen readers when several pairs share a page ("reply by ada"). */
  subject?: string;
};

export function EditDeleteButtons({ onEdit, onDelete, deleting = false, compact = false, subject }: Props) {
  const size = compact ? "compact-sm" : "xs";
  return (
    <>
      <Button
        variant={compact ? "subtle" : "default"}
        size={size}
        leftSection={<IconPencil size={14} aria-hidden />}
        onClick={onEdit}
        aria-label={subject ? `Edit ${subject}` : undefined}
      >
        Edit
      </Button>
      <Button
        variant={compact ? "subtle" : "light"}
        color="red"
        size={size}
        leftSection={<IconTrash size={14} aria-hidden />}
        onClick={onDelete}
        disabled={deleting}
        aria-label={subject ? `Delete ${subject}` : undefined}
      >
        {deleting ? "Deleting..." : "Delete"}
      </Button>
    </>
  );
}
