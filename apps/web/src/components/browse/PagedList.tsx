// The one pager of the app: a list read a page at a time (20 items unless the list says), skeletons
// while a page loads, a Load More button while the server has more (and, for lists read top to
// bottom like a thread's replies, the next page as the reader nears the end). Each page is its
// own cached query; a new query (another sort, range, category or member) starts again from the
// first page.
import { PAGE_STEP } from "@forum/contracts";
import { Button, Center, Stack, Text } from "@mantine/core";
import { hashKey, type QueryKey, type UseQueryOptions, useQuery } from "@tanstack/react-query";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import { linkedPages, MAX_LINKED_PAGES, PAGES_PARAM, pageOf, pageStartId } from "../../lib/paging";
import { inPlace } from "../../lib/plainClick";

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
  /** The page's main list: how many pages it shows is in the address, and Load More is a link (lib/paging.ts). */
  linked?: boolean;
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
  linked = false,
  ...pageProps
}: PagedListProps<T, E, K, A>) {
  const address = useLinkedPages(linked);
  const [pages, setPages] = useState(address.initial);
  const offsets = Array.from({ length: pages }, (_, page) => page * pageSize);
  // The last page's answer says whether there is more (read here as well as by its ListPage, the
  // same cached query): in the render, so the server's HTML has Load More too. While it loads, the
  // page before it had more (or it would not have been asked for): Load More stays on the screen,
  // keeping a keyboard user's focus, and a page loads by itself only after the one before it.
  const last = useQuery(pageQuery((pages - 1) * pageSize, pageSize + 1));
  const lastPage = last.data && pageOf(last.data, pageSize);
  const hasMore = lastPage ? lastPage.more : pages > 1;
  const lastLoaded = lastPage !== undefined;
  const loadMore = useCallback(() => setPages((count) => count + 1), []);
  const recordPages = address.record;
  useEffect(() => recordPages(pages), [recordPages, pages]);
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
            startId={linked && page > 0 ? pageStartId(page + 1) : undefined}
            offset={offset}
            pageSize={pageSize}
            empty={page === 0 ? pageProps.empty : null}
          />
        ))}
      </div>
      {hasMore && (
        <Center ref={end}>
          {linked && pages < MAX_LINKED_PAGES ? (
            <Button component="a" href={address.hrefOf(pages + 1)} variant="default" onClick={inPlace(loadMore)}>
              {loadMoreLabel}
            </Button>
          ) : (
            <Button variant="default" onClick={loadMore}>
              {loadMoreLabel}
            </Button>
          )}
        </Center>
      )}
    </Stack>
  );
}

/**
 * A linked list's pages in the address: how many it starts with, the address of the page showing
 * `pages` (landing where the last of them starts), and recording the count as it grows (replacing
 * the entry: Back leaves the page, not one Load More).
 */
function useLinkedPages(linked: boolean) {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const initial = linked ? linkedPages(params.get(PAGES_PARAM)) : 1;
  const withPages = useCallback((current: URLSearchParams, pages: number) => {
    const updated = new URLSearchParams(current);
    if (pages > 1) updated.set(PAGES_PARAM, String(pages));
    else updated.delete(PAGES_PARAM);
    return updated;
  }, []);
  const record = useCallback(
    (pages: number) => {
      if (linked && linkedPages(params.get(PAGES_PARAM)) !== pages)
        setParams((current) => withPages(current, pages), { replace: true, preventScrollReset: true });
    },
    [linked, params, setParams, withPages],
  );
  const hrefOf = (pages: number) => `${pathname}?${withPages(params, pages)}#${pageStartId(pages)}`;
  return { initial, record, hrefOf };
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
  /** Marks where this page starts (a linked list's pages after the first). */
  startId: string | undefined;
  offset: number;
  pageSize: number;
};

function ListPage<T, E, K extends QueryKey, A>({
  query,
  startId,
  offset,
  pageSize,
  renderItem,
  empty,
  skeleton,
  errorText,
}: ListPageProps<T, E, K, A>) {
  const items = useQuery(query);
  const page = items.data && pageOf(items.data, pageSize);

  if (items.isPending) return skeleton;
  if (items.isError || !page) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {errorText}
      </Text>
    );
  }
  if (page.shown.length === 0) return empty;
  const shown = page.shown.map((item, index) => renderItem(item, offset + index));
  return startId ? [<span key={startId} id={startId} className="paged-start" />, ...shown] : shown;
}
