// Post detail (/posts/{slug}): the post, its replies and the reply form, with a sidebar ad.
// Reading the post counts a view, so it is read once per visit; changes patch the cached copy.
import type { PostView } from "@forum/contracts";
import { Box, Grid, Stack } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useParams } from "react-router";
import { AdSlot } from "../components/ads/AdSlot";
import { LoadFailedState } from "../components/browse/LoadFailedState";
import { usePostDeletedLive } from "../components/live/liveState";
import { NewRepliesButton } from "../components/live/NewRepliesButton";
import { PostDeletedNotice } from "../components/live/PostDeletedNotice";
import { useOpenPost } from "../components/live/useOpenPost";
import { PostDetail } from "../components/post/PostDetail";
import { PostSkeleton } from "../components/post/PostSkeleton";
import { loadServerRenderedComposer, ReplyForm } from "../components/post/ReplyForm";
import { ReplyList } from "../components/post/ReplyList";
import { ReplyBoxProvider } from "../components/post/replyBox";
import { Breadcrumbs, type Crumb } from "../components/ui/Breadcrumbs";
import { httpStatusOf, useTRPC } from "../lib/trpc";

/** Before a server-rendered post page is hydrated (lib/lazyWithPreload.ts). */
export const loadServerRendered = loadServerRenderedComposer;

/** Spec section 9: the post read is retried twice, but never after an answer like 404. */
function retryPostRead(failureCount: number, error: unknown) {
  const status = httpStatusOf(error);
  return (status === undefined || status >= 500) && failureCount < 2;
}

export default function PostPage() {
  const { slug = "" } = useParams();
  const trpc = useTRPC();
  const post = useQuery({ ...trpc.posts.bySlug.queryOptions({ slug }), retry: retryPostRead });

  let content: ReactNode;
  if (post.isError) {
    const notFound = httpStatusOf(post.error) === 404;
    content = (
      <LoadFailedState
        title={notFound ? "Post not found" : "Could not load this post"}
        onRetry={notFound ? undefined : () => void post.refetch()}
      />
    );
  } else if (post.isPending) {
    content = <PostSkeleton />;
  } else {
    content = <PostScreen post={post.data} />;
  }

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 9 }}>{content}</Grid.Col>
      <Grid.Col span={{ base: 12, lg: 3 }} visibleFrom="lg">
        <Box pos="sticky" top={80}>
          <AdSlot placement="sidebar" />
        </Box>
      </Grid.Col>
    </Grid>
  );
}

function PostScreen({ post }: { post: PostView }) {
  useOpenPost(post);
  const deleted = usePostDeletedLive(post.id);
  const crumbs: Crumb[] = [{ label: "Home", to: "/" }];
  if (post.category) crumbs.push({ label: post.category.name, to: `/cats/${post.category.slug}` });
  crumbs.push({ label: post.title });
  return (
    <ReplyBoxProvider post={post}>
      <Stack gap="lg">
        <Breadcrumbs items={crumbs} separator=">" />
        <PostDeletedNotice postId={post.id} />
        <PostDetail post={post} />
        <AdSlot placement="between-posts" />
        {!deleted && <ReplyForm post={post} />}
        <ReplyList post={post} />
        <NewRepliesButton post={post} />
      </Stack>
    </ReplyBoxProvider>
  );
}
