// "N Replies": the post's replies, oldest first, with a between-replies ad after every third.
import { type PostView, REPLIES_PER_AD, type ReplyView } from "@forum/contracts";
import { Button, Group, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Fragment, useEffect, useId } from "react";
import { useLocation } from "react-router";
import { plural } from "../../lib/format";
import { useTRPC } from "../../lib/trpc";
import { AdSlot } from "../AdSlot";
import { ReplyItem } from "./ReplyItem";

export function ReplyList({ post }: { post: PostView }) {
  const trpc = useTRPC();
  const headingId = useId();
  const replies = useQuery(trpc.replies.byPost.queryOptions({ postId: post.id }));
  const list = replies.data?.replies;
  const count = list?.length ?? post.replyCount;
  const { hash } = useLocation();
  // A link to #reply-{id} (a notification): once the replies are on the page, scroll to that one.
  useEffect(() => {
    if (!list || !hash.startsWith("#reply-")) return;
    const target = document.getElementById(hash.slice(1));
    if (!target) return;
    target.scrollIntoView({ block: "start" });
    target.setAttribute("data-targeted", "true");
    target.style.outline = "2px solid var(--mantine-color-blue-filled)";
    return () => {
      target.removeAttribute("data-targeted");
      target.style.outline = "";
    };
  }, [list, hash]);
  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        {plural(count, "Reply", "Replies")}
      </Title>
      {replies.isPending ? (
        <ReplySkeletons count={Math.min(Math.max(post.replyCount, 1), 3)} />
      ) : replies.isError || !list ? (
        <Group gap="sm">
          <Text c="dimmed">Could not load the replies.</Text>
          <Button variant="default" size="compact-sm" onClick={() => void replies.refetch()}>
            Try again
          </Button>
        </Group>
      ) : list.length === 0 ? (
        <Text c="dimmed">No replies yet. Be the first to respond!</Text>
      ) : (
        list.map((reply: ReplyView, index) => (
          <Fragment key={reply.id}>
            <ReplyItem reply={reply} postSlug={post.slug} />
            {(index + 1) % REPLIES_PER_AD === 0 && <AdSlot placement="between-replies" />}
          </Fragment>
        ))
      )}
    </Stack>
  );
}

function ReplySkeletons({ count }: { count: number }) {
  return Array.from({ length: count }, (_, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
    <Paper withBorder p="md" radius="md" key={index} aria-hidden>
      <Group gap="sm" wrap="nowrap">
        <Skeleton height={26} circle />
        <Stack gap={6} style={{ flex: 1 }}>
          <Skeleton height={10} width={120} />
          <Skeleton height={8} width={60} />
        </Stack>
      </Group>
      <Skeleton height={10} mt="md" />
      <Skeleton height={10} mt={8} width="70%" />
    </Paper>
  ));
}
