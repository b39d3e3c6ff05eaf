// Upvote and downvote buttons with their counts, for a post or a reply. The caller's own vote is
// highlighted (aria-pressed); a click while the last vote is on its way is ignored by the owner.
import type { MyVote, VoteType } from "@forum/contracts";
import { ActionIcon, Group, Text, VisuallyHidden } from "@mantine/core";
import { IconArrowBigDown, IconArrowBigDownFilled, IconArrowBigUp, IconArrowBigUpFilled } from "@tabler/icons-react";
import type { ReactNode } from "react";

type Props = {
  upvotes: number;
  downvotes: number;
  myVote: MyVote;
  busy: boolean;
  onCast: (type: VoteType) => void;
  /** Smaller buttons (replies). */
  compact?: boolean;
  /** What is voted on, for screen readers ("Votes on the reply by @ada"). */
  label?: string;
};

export function VoteControl({ upvotes, downvotes, myVote, busy, onCast, compact = false, label = "Votes" }: Props) {
  const iconSize = compact ? 16 : 20;
  return (
    <Group gap={compact ? "xs" : "sm"} role="group" aria-label={label}>
      <VoteButton
        label="Upvote"
        countLabel="upvotes"
        count={upvotes}
        active={myVote === "up"}
        color="green"
        icon={myVote === "up" ? <IconArrowBigUpFilled size={iconSize} /> : <IconArrowBigUp size={iconSize} />}
        busy={busy}
        compact={compact}
        onClick={() => onCast("upvote")}
      />
      <VoteButton
        label="Downvote"
        countLabel="downvotes"
        count={downvotes}
        active={myVote === "down"}
        color="red"
        icon={myVote === "down" ? <IconArrowBigDownFilled size={iconSize} /> : <IconArrowBigDown size={iconSize} />}
        busy={busy}
        compact={compact}
        onClick={() => onCast("downvote")}
      />
    </Group>
  );
}

type VoteButtonProps = {
  label: string;
  countLabel: string;
  count: number;
  active: boolean;
  color: string;
  icon: ReactNode;
  busy: boolean;
  compact: boolean;
  onClick: () => void;
};

function VoteButton({ label, countLabel, count, active, color, icon, busy, compact, onClick }: VoteButtonProps) {
  return (
    <Group gap={compact ? 4 : 6} wrap="nowrap">
      <ActionIcon
        size={compact ? "md" : "lg"}
        variant={active ? "filled" : "default"}
        color={color}
        aria-label={label}
        aria-pressed={active}
        title={label}
        aria-busy={busy}
        onClick={onClick}
      >
        {icon}
      </ActionIcon>
      <Text fw={600} size="sm" c={active ? color : undefined} miw={12} aria-live="polite">
        {count} <VisuallyHidden>{countLabel}</VisuallyHidden>
      </Text>
    </Group>
  );
}
