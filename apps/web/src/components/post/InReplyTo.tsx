// "in reply to @name", linking to the reply answered on this page (#reply-{id}).
import type { ReplyView } from "@forum/contracts";
import { Anchor, Group, Text } from "@mantine/core";
import { IconCornerDownRight } from "@tabler/icons-react";
import { Link } from "react-router";

export function InReplyTo({ replyTo }: { replyTo: ReplyView["replyTo"] }) {
  if (!replyTo) return null;
  return (
    <Group gap={4} mt="xs" c="dimmed" wrap="nowrap">
      <IconCornerDownRight size={14} aria-hidden />
      <Text size="xs" c="dimmed">
        <Anchor component={Link} to={{ hash: `reply-${replyTo.id}` }} size="xs" c="dimmed" underline="always">
          in reply to @{replyTo.username ?? "Unknown"}
        </Anchor>
      </Text>
    </Group>
  );
}
