// A paged list of posts (the app's one pager, PagedList): five skeleton rows while loading,
// pages of 20 added by Load More while the server has more.
import type { PostCardView, PostListFilter, PostSort, TimeRange } from "@forum/contracts";
import { Card, Group, Skeleton, Stack } from "@mantine/core";
import { Fragment, type ReactNode } from "react";
import { useTRPC } from "../../lib/trpc";
import { PagedList } from "./PagedList";
import { PostCard } from "./PostCard";

export type FeedQuery = {
  sortBy: PostSort;
  timeRange?: TimeRange | undefined;
  categoryId?: number | undefined;
  /** "unread": the member's Unread list. */
  filter?: PostListFilter | undefined;
};

type FeedProps = {
  query: FeedQuery;
  /** Shown when the first page comes back empty. */
  empty: ReactNode;
  /** Decorations per post: a badge, or an ad after it. */
  badgeFor?: (index: number) => ReactNode;
  after?: (index: number) => ReactNode;
  layout?: "list" | "grid";
  loadMoreLabel?: string;
};

export function PostFeed({
  query,
  empty,
  badgeFor,
  after,
  layout = "list",
  loadMoreLabel = "Load More Posts",
}: FeedProps) {
  const trpc = useTRPC();
  return (
    <PagedList
      pageQuery={(offset, limit) => trpc.posts.cards.queryOptions({ ...query, offset, limit })}
      renderItem={(post: PostCardView, index) => (
        <Fragment key={post.id}>
          <PostCard post={post} badge={badgeFor?.(index)} compact={layout === "grid"} />
          {after?.(index)}
        </Fragment>
      )}
      empty={empty}
      skeleton={<FeedSkeleton />}
      errorText="No posts available"
      loadMoreLabel={loadMoreLabel}
      layout={layout}
      linked
    />
  );
}

const SKELETON_ROWS = ["one", "two", "three", "four", "five"];

export function FeedSkeleton() {
  return SKELETON_ROWS.map((key) => (
    <Card withBorder padding="lg" key={key} aria-hidden>
      <Group wrap="nowrap" align="flex-start">
        <Skeleton height={38} circle />
        <Stack gap={8} style={{ flex: 1 }}>
          <Skeleton height={12} width="40%" />
          <Skeleton height={18} width="80%" />
          <Skeleton height={12} />
          <Skeleton height={12} width="60%" />
        </Stack>
      </Group>
    </Card>
  ));
}
