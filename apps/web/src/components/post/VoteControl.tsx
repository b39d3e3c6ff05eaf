// Upvote and downvote buttons with their counts, for a post or a reply. The caller's own vote is
// highlighted (aria-pressed); a click while the last vote is on its way is ignored by the owner.
// A visitor's buttons are links to the sign-in screen (`loginHref`): they work before the app is
// live, and a vote always ends at sign-in.
import type { MyVote, VoteType } from "@forum/contracts";
import { ActionIcon, Group, Text, VisuallyHidden } from "@mantine/core";
import { IconArrowBigDown, IconArrowBigDownFilled, IconArrowBigUp, IconArrowBigUpFilled } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

type Props = {
  upvotes: number;
  downvotes: number;
  myVote: MyVote;
  busy: boolean;
  onCast: (type: VoteType) => void;
  /** A visitor's: where each button sends them to sign in first (the vote is cast on their return). */
  loginHref?: (type: VoteType) => string;
  /** Smaller buttons (replies). */
  compact?: boolean;
  /** What is voted on, for screen readers ("Votes on the reply by @ada"). */
  label?: string;
};

export function VoteControl(props: Props) {
  const { upvotes, downvotes, myVote, busy, onCast, loginHref, compact = false, label = "Votes" } = props;
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
        href={loginHref?.("upvote")}
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
        href={loginHref?.("downvote")}
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
  href: string | undefined;
  onClick: () => void;
};

function VoteButton(props: VoteButtonProps) {
  const { label, countLabel, count, active, color, icon, busy, compact, href, onClick } = props;
  const look = {
    size: compact ? "md" : "lg",
    variant: active ? "filled" : "default",
    color,
    "aria-label": label,
    title: label,
  } as const;
  return (
    <Group gap={compact ? 4 : 6} wrap="nowrap">
      {href ? (
        <ActionIcon component={Link} to={href} {...look}>
          {icon}
        </ActionIcon>
      ) : (
        <ActionIcon {...look} aria-pressed={active} aria-busy={busy} onClick={onClick}>
          {icon}
        </ActionIcon>
      )}
      <Text fw={600} size="sm" c={active ? color : undefined} miw={12} aria-live="polite">
        {count} <VisuallyHidden>{countLabel}</VisuallyHidden>
      </Text>
    </Group>
  );
}
