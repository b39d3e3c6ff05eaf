// One of a member's replies on their profile: which post it answers, when, and what it says.
import type { ProfileReplyView } from "@forum/contracts";
import { Anchor, Card, Group, Text } from "@mantine/core";
import { Link } from "react-router";
import { formatDate, relativeTime } from "../../lib/format";

export function ProfileReplyCard({ reply }: { reply: ProfileReplyView }) {
  return (
    <Card withBorder padding="md" component="article" aria-label={`Reply to ${reply.post.title}`}>
      <Group justify="space-between" wrap="wrap" gap="xs" mb={6}>
        <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere", minWidth: 0 }}>
          Reply to:{" "}
          <Anchor component={Link} to={`/posts/${reply.post.slug}`} size="sm" fw={500}>
            {reply.post.title}
          </Anchor>
        </Text>
        <Text
          size="xs"
          c="dimmed"
          component="time"
          dateTime={reply.createdAt}
          title={formatDate(reply.createdAt)}
          suppressHydrationWarning
        >
          {relativeTime(reply.createdAt)}
        </Text>
      </Group>
      <Text size="sm" style={{ overflowWrap: "anywhere" }}>
        {reply.summary}
      </Text>
    </Card>
  );
}
