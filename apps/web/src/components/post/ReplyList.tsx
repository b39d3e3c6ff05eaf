// "N Replies": the post's replies, oldest first, with a between-replies ad after every third. Read
// 50 at a time (the app's one pager), the next 50 as the reader nears the end, so a long thread's
// page is as light as a short one's. A link to one reply (#reply-{id}, from a notification or a
// report) loads pages until that reply is on the screen, then scrolls to it once everything above
// it is laid out (lib/landing.ts; global.css lays out the replies above it for real). A member
// opening a discussion with unread replies lands the same way on the first of them, with a
// "Jump to top" control, and the replies they have on screen are reported as read.
import { type PostView, REPLIES_PER_AD, REPLIES_PER_PAGE, type ReplyView } from "@forum/contracts";
import { Group, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import { Fragment, useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { plural } from "../../lib/format";
import { whenLaidOut } from "../../lib/landing";
import { useTRPC } from "../../lib/trpc";
import { AdSlot } from "../ads/AdSlot";
import { PagedList } from "../browse/PagedList";
import { JumpToTop } from "../reading/JumpToTop";
import { useReadReporter } from "../reading/useReadReporter";
import { useUnreadLanding } from "../reading/useUnreadLanding";
import { ReplyItem } from "./ReplyItem";

export function ReplyList({ post }: { post: PostView }) {
  const trpc = useTRPC();
  const headingId = useId();
  const { hash } = useLocation();
  const linkedId = hash.startsWith("#reply-") ? Number(hash.slice("#reply-".length)) : null;
  // Without a linked reply, a member lands on their first unread one.
  const unread = useUnreadLanding(post.id);
  const targetId = linkedId ?? unread.replyId;
  // The reply the address points to, once it is on the screen (until then, pages keep loading).
  const [shownTarget, setShownTarget] = useState<number | null>(null);
  const section = useRef<HTMLDivElement>(null);
  useReadReporter(post.id, section, unread.reporting);
  return (
    <Stack gap="md" component="section" aria-labelledby={headingId} ref={section}>
      {linkedId === null && unread.replyId !== null && <JumpToTop />}
      <Title order={2} size="h3" id={headingId}>
        {plural(post.replyCount, "Reply", "Replies")}
      </Title>
      <PagedList
        pageQuery={(offset, limit) =>
          trpc.replies.byPost.queryOptions({ postId: post.id, offset, limit }, { select: (answer) => answer.replies })
        }
        pageSize={REPLIES_PER_PAGE}
        loadOnScroll
        keepLoading={targetId !== null && shownTarget !== targetId}
        renderItem={(reply: ReplyView, index) => (
          <Fragment key={reply.id}>
            {reply.id === targetId ? (
              <TargetedReply reply={reply} postSlug={post.slug} onShown={setShownTarget} />
            ) : (
              <ReplyItem reply={reply} postSlug={post.slug} />
            )}
            {(index + 1) % REPLIES_PER_AD === 0 && <AdSlot placement="between-replies" />}
          </Fragment>
        )}
        empty={<Text c="dimmed">No replies yet. Be the first to respond!</Text>}
        skeleton={<ReplySkeletons count={Math.min(Math.max(post.replyCount, 1), 3)} />}
        errorText="Could not load the replies."
        loadMoreLabel="Load More Replies"
      />
    </Stack>
  );
}

/**
 * The reply the address points to: outlined while it is the target, and scrolled to the top of
 * the view once nothing above it can still grow.
 */
function TargetedReply({
  reply,
  postSlug,
  onShown,
}: {
  reply: ReplyView;
  postSlug: string;
  onShown: (id: number) => void;
}) {
  useEffect(() => {
    const target = document.getElementById(`reply-${reply.id}`);
    if (!target) return;
    onShown(reply.id);
    target.setAttribute("data-targeted", "true");
    target.style.outline = "2px solid var(--mantine-color-blue-filled)";
    // data-landed: the page has scrolled there (tests wait for it before tapping near the reply,
    // since the landing may wait for parts above it to load).
    const cancelLanding = whenLaidOut(() => {
      target.scrollIntoView({ block: "start" });
      target.setAttribute("data-landed", "true");
    });
    return () => {
      cancelLanding();
      target.removeAttribute("data-landed");
      target.removeAttribute("data-targeted");
      target.style.outline = "";
    };
  }, [reply.id, onShown]);
  return <ReplyItem reply={reply} postSlug={postSlug} />;
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
