// The one pager of the app: a list read a page at a time (20 items unless the list says), skeletons
// while a page loads, a Load More button while the server has more (and, for lists read top to
// bottom like a thread's replies, the next page as the reader nears the end). Each page is its
// own cached query; a new query (another sort, range, category or member) starts again from the
// first page.
import { PAGE_STEP } from "@forum/contracts";
import { Button, Center, Stack, Text } from "@mantine/core";
import { hashKey, type QueryKey, type UseQueryOptions, useQuery } from "@tanstack/react-query";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { pageOf } from "../../lib/paging";

/**
 * The query options of one page, answering the page's items (a `select` may pick them out of the
 * answer); generic over the answer, error and key types so tRPC's options fit.
 */
type PageQuery<A, T, E, K extends QueryKey> = (offset: number, limit: number) => UseQueryOptions<A, E, T[], K>;

type PagedListProps<T, E, K extends QueryKey, A = T[]> = {
  pageQuery: PageQuery<A, T, E, K>;
  /** One item; `index` counts from the top of the whole list (for badges and ads between items). */
  renderItem: (item: T, index: number) => ReactNode;
  /** Shown when the first page comes back empty. */
  empty: ReactNode;
  skeleton: ReactNode;
  errorText: string;
  loadMoreLabel: string;
  /** Items one under the other, or side by side (global.css: .paged-list, .paged-grid). */
  layout?: "list" | "grid";
  /** Items per page (default 20). */
  pageSize?: number;
  /** The next page loads by itself as the reader scrolls near the end (Load More stays, for keyboards). */
  loadOnScroll?: boolean;
  /** While true and the server has more, the next page loads (a link to an item further down). */
  keepLoading?: boolean;
};

export function PagedList<T, E, K extends QueryKey, A = T[]>(props: PagedListProps<T, E, K, A>) {
  // Keyed by the first page's query: another sort, range, category or member starts again from
  // one page.
  return <Pages key={hashKey(props.pageQuery(0, (props.pageSize ?? PAGE_STEP) + 1).queryKey)} {...props} />;
}

function Pages<T, E, K extends QueryKey, A>({
  pageQuery,
  loadMoreLabel,
  layout = "list",
  pageSize = PAGE_STEP,
  loadOnScroll = false,
  keepLoading = false,
  ...pageProps
}: PagedListProps<T, E, K, A>) {
  const [pages, setPages] = useState(1);
  const [hasMore, setHasMore] = useState(false);
  // Whether the last page asked for has come back: a page loads by itself only after the one
  // before it (Load More itself stays on the screen meanwhile, keeping a keyboard user's focus).
  const [lastLoaded, setLastLoaded] = useState(false);
  const offsets = Array.from({ length: pages }, (_, page) => page * pageSize);
  const onLastLoaded = useCallback((more: boolean) => {
    setHasMore(more);
    setLastLoaded(true);
  }, []);
  const loadMore = useCallback(() => {
    setLastLoaded(false);
    setPages((count) => count + 1);
  }, []);
  const canLoadByItself = hasMore && lastLoaded;
  useEffect(() => {
    if (keepLoading && canLoadByItself) loadMore();
  }, [keepLoading, canLoadByItself, loadMore]);
  const end = useNearEnd(loadOnScroll && canLoadByItself, loadMore);
  return (
    <Stack gap="md">
      <div className={`paged-${layout}`}>
        {offsets.map((offset, page) => (
          <ListPage
            key={offset}
            {...pageProps}
            query={pageQuery(offset, pageSize + 1)}
            offset={offset}
            pageSize={pageSize}
            empty={page === 0 ? pageProps.empty : null}
            onLoaded={page === pages - 1 ? onLastLoaded : undefined}
          />
        ))}
      </div>
      {hasMore && (
        <Center ref={end}>
          <Button variant="default" onClick={loadMore}>
            {loadMoreLabel}
          </Button>
        </Center>
      )}
    </Stack>
  );
}

/** Calls `load` when the element it is attached to comes within a screen of the viewport. */
function useNearEnd(active: boolean, load: () => void) {
  const element = useRef<HTMLDivElement>(null);
  const latest = useRef(load);
  latest.current = load;
  useEffect(() => {
    const target = element.current;
    if (!active || !target || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: "100% 0px" },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [active]);
  return element;
}

type ListPageProps<T, E, K extends QueryKey, A> = Omit<
  PagedListProps<T, E, K, A>,
  "pageQuery" | "loadMoreLabel" | "pageSize" | "loadOnScroll" | "keepLoading"
> & {
  query: UseQueryOptions<A, E, T[], K>;
  offset: number;
  pageSize: number;
  onLoaded: ((more: boolean) => void) | undefined;
};

function ListPage<T, E, K extends QueryKey, A>({
  query,
  offset,
  pageSize,
  renderItem,
  empty,
  skeleton,
  errorText,
  onLoaded,
}: ListPageProps<T, E, K, A>) {
  const items = useQuery(query);
  const page = items.data && pageOf(items.data, pageSize);
  const more = page?.more;
  useEffect(() => {
    if (more !== undefined) onLoaded?.(more);
  }, [more, onLoaded]);

  if (items.isPending) return skeleton;
  if (items.isError || !page) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {errorText}
      </Text>
    );
  }
  if (page.shown.length === 0) return empty;
  return page.shown.map((item, index) => renderItem(item, offset + index));
}
