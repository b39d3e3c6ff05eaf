// One reply: author and time, the text as written (line breaks kept), vote counts, actions.
import type { ReplyView } from "@forum/contracts";
import { Group, Paper, Text } from "@mantine/core";
import { relativeTime } from "../../lib/format";
import { AuthorByline } from "./AuthorByline";
import { ReplyActions } from "./ReplyActions";
import { VoteCounts } from "./VoteCounts";

export function ReplyItem({ reply, postSlug }: { reply: ReplyView; postSlug: string }) {
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="article"
      aria-label={`Reply by ${reply.author?.username ?? "Unknown"}`}
    >
      <Group justify="space-between" align="flex-start" gap="xs">
        <AuthorByline
          author={reply.author}
          createdAt={reply.createdAt}
          date={relativeTime(reply.createdAt)}
          avatarSize="sm"
        />
        <ReplyActions reply={reply} postSlug={postSlug} />
      </Group>
      <Text mt="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
        {reply.content}
      </Text>
      <Group mt="sm">
        <VoteCounts upvotes={reply.upvotes} downvotes={reply.downvotes} />
      </Group>
    </Paper>
  );
}
