// A paged list of posts: five skeleton rows while loading, pages of 20 added by Load More while
// the server has more.
import type { PostSort, PostView, TimeRange } from "@forum/contracts";
import { PAGE_STEP } from "@forum/contracts";
import { Button, Card, Center, Group, Skeleton, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Fragment, type ReactNode, useEffect, useState } from "react";
import { PAGE_PROBE, pageOf } from "../lib/paging";
import { useTRPC } from "../lib/trpc";
import { PostCard } from "./PostCard";

export type FeedQuery = { sortBy: PostSort; timeRange?: TimeRange | undefined; categoryId?: number | undefined };

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
  const [pages, setPages] = useState(1);
  const key = JSON.stringify(query);
  // A new sort, range or category starts again from the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: key stands for the query
  useEffect(() => setPages(1), [key]);
  const [hasMore, setHasMore] = useState(false);

  const grid = layout === "grid";
  const offsets = Array.from({ length: pages }, (_, page) => page * PAGE_STEP);
  return (
    <Stack gap="md">
      <div
        style={
          grid
            ? {
                display: "grid",
                gap: "var(--mantine-spacing-md)",
                gridTemplateColumns: "repeat(auto-fill, minmax(280px, 1fr))",
              }
            : { display: "flex", flexDirection: "column", gap: "var(--mantine-spacing-md)" }
        }
      >
        {offsets.map((offset, page) => (
          <FeedPage
            key={offset}
            query={query}
            offset={offset}
            onLoaded={page === pages - 1 ? setHasMore : undefined}
            empty={page === 0 ? empty : null}
            badgeFor={badgeFor}
            after={after}
            compact={grid}
          />
        ))}
      </div>
      {hasMore && (
        <Center>
          <Button variant="default" onClick={() => setPages((count) => count + 1)}>
            {loadMoreLabel}
          </Button>
        </Center>
      )}
    </Stack>
  );
}

type PageProps = {
  query: FeedQuery;
  offset: number;
  onLoaded: ((more: boolean) => void) | undefined;
  empty: ReactNode;
  badgeFor: ((index: number) => ReactNode) | undefined;
  after: ((index: number) => ReactNode) | undefined;
  compact: boolean;
};

function FeedPage({ query, offset, onLoaded, empty, badgeFor, after, compact }: PageProps) {
  const trpc = useTRPC();
  const posts = useQuery(trpc.posts.list.queryOptions({ ...query, offset, limit: PAGE_PROBE }));
  const page = Array.isArray(posts.data) ? pageOf(posts.data) : undefined;
  const more = page?.more;
  useEffect(() => {
    if (more !== undefined) onLoaded?.(more);
  }, [more, onLoaded]);

  if (posts.isPending) return <FeedSkeleton />;
  if (posts.isError || !page) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        No posts available
      </Text>
    );
  }
  if (page.shown.length === 0) return offset === 0 ? empty : null;
  return page.shown.map((post: PostView, index) => (
    <Fragment key={post.id}>
      <PostCard post={post} badge={badgeFor?.(offset + index)} compact={compact} />
      {after?.(offset + index)}
    </Fragment>
  ));
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
