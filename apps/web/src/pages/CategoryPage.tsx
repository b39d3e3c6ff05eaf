// Category (/cats/{slug}): the category's header, its posts sorted and laid out as the URL says,
// between-posts ads, and Trending Topics beside them.
import type { PostSort } from "@forum/contracts";
import { Group, Stack } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { useBetweenPostsAds } from "../components/ads/useBetweenPostsAds";
import { CategoryHeader, CategoryHeaderSkeleton } from "../components/browse/CategoryHeader";
import { EmptyState } from "../components/browse/EmptyState";
import { LoadFailedState } from "../components/browse/LoadFailedState";
import { FeedSkeleton, PostFeed } from "../components/browse/PostFeed";
import { type Choice, ChoiceSelect, useUrlChoice } from "../components/browse/SortSelect";
import { TrendingTopicsCard } from "../components/browse/TrendingTopicsCard";
import { type FeedLayout, ViewToggle } from "../components/browse/ViewToggle";
import { WithSideColumn } from "../components/browse/WithSideColumn";
import { useOpenCreatePost } from "../components/create-post/CreatePostContext";
import { Breadcrumbs } from "../components/ui/Breadcrumbs";
import { httpStatusOf, useTRPC } from "../lib/trpc";

type CategorySort = "latest" | "popular" | "replies" | "trending";

const SORTS: Choice<CategorySort>[] = [
  { value: "latest", label: "Latest" },
  { value: "popular", label: "Popular" },
  { value: "replies", label: "Most Replies" },
  { value: "trending", label: "Trending" },
];

/** What each choice asks the server for. */
const SERVER_SORT: Record<CategorySort, PostSort> = {
  latest: "new",
  popular: "top",
  replies: "replies",
  trending: "trending",
};

const LAYOUTS: Choice<FeedLayout>[] = [
  { value: "list", label: "List view" },
  { value: "grid", label: "Grid view" },
];

/** Spec section 7: a missing category is not retried; other failures up to twice. */
const retryUnlessMissing = (failures: number, error: unknown) => httpStatusOf(error) !== 404 && failures < 2;

export default function CategoryPage() {
  const { slug = "" } = useParams();
  const trpc = useTRPC();
  const category = useQuery({ ...trpc.categories.bySlug.queryOptions({ slug }), retry: retryUnlessMissing });
  const [sort, setSort] = useUrlChoice("sort", SORTS, "latest");
  const [layout, setLayout] = useUrlChoice("view", LAYOUTS, "list");
  const openCreatePost = useOpenCreatePost();
  const betweenPostsAd = useBetweenPostsAds();

  if (category.isError) {
    const missing = httpStatusOf(category.error) === 404;
    return (
      <LoadFailedState
        title={missing ? "Category not found" : "Category could not be loaded"}
        debug={`slug: "${slug}"${missing ? "" : ` · ${category.error.message}`}`}
        onRetry={missing ? undefined : () => void category.refetch()}
      />
    );
  }

  const current = category.data;
  return (
    <WithSideColumn side={<TrendingTopicsCard />}>
      <Breadcrumbs items={[{ label: "Home", to: "/" }, { label: current?.name ?? "Category" }]} />
      <Stack gap="md">
        {current ? <CategoryHeader category={current} /> : <CategoryHeaderSkeleton />}
        <Group justify="flex-end" wrap="wrap" gap="sm">
          <ChoiceSelect label="Sort posts" name="sort" choices={SORTS} value={sort} onChange={setSort} />
          <ViewToggle value={layout} onChange={setLayout} />
        </Group>
        {current ? (
          <PostFeed
            query={{ sortBy: SERVER_SORT[sort], categoryId: current.id }}
            layout={layout}
            after={betweenPostsAd}
            empty={
              <EmptyState
                title="No posts in this category yet"
                actionLabel="Create Post"
                onAction={() => openCreatePost(current.id)}
              />
            }
          />
        ) : (
          <Stack gap="md">
            <FeedSkeleton />
          </Stack>
        )}
      </Stack>
    </WithSideColumn>
  );
}
