// The one pager of the app: a list read a page at a time (20 items), skeletons while a page
// loads, a Load More button while the server has more. Each page is its own cached query; a new
// query (another sort, range, category or member) starts again from the first page.
import { PAGE_STEP } from "@forum/contracts";
import { Button, Center, Stack, Text } from "@mantine/core";
import { hashKey, type QueryKey, type UseQueryOptions, useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { PAGE_PROBE, pageOf } from "../../lib/paging";

/** The query options of one page; generic over the error and key types so tRPC's options fit. */
type PageQuery<T, E, K extends QueryKey> = (offset: number, limit: number) => UseQueryOptions<T[], E, T[], K>;

type PagedListProps<T, E, K extends QueryKey> = {
  pageQuery: PageQuery<T, E, K>;
  /** One item; `index` counts from the top of the whole list (for badges and ads between items). */
  renderItem: (item: T, index: number) => ReactNode;
  /** Shown when the first page comes back empty. */
  empty: ReactNode;
  skeleton: ReactNode;
  errorText: string;
  loadMoreLabel: string;
  /** Items one under the other, or side by side (global.css: .paged-list, .paged-grid). */
  layout?: "list" | "grid";
};

export function PagedList<T, E, K extends QueryKey>(props: PagedListProps<T, E, K>) {
  // Keyed by the first page's query: another sort, range, category or member starts again from
  // one page.
  return <Pages key={hashKey(props.pageQuery(0, PAGE_PROBE).queryKey)} {...props} />;
}

function Pages<T, E, K extends QueryKey>({
  pageQuery,
  loadMoreLabel,
  layout = "list",
  ...pageProps
}: PagedListProps<T, E, K>) {
  const [pages, setPages] = useState(1);
  const [hasMore, setHasMore] = useState(false);
  const offsets = Array.from({ length: pages }, (_, page) => page * PAGE_STEP);
  return (
    <Stack gap="md">
      <div className={`paged-${layout}`}>
        {offsets.map((offset, page) => (
          <ListPage
            key={offset}
            {...pageProps}
            query={pageQuery(offset, PAGE_PROBE)}
            offset={offset}
            empty={page === 0 ? pageProps.empty : null}
            onLoaded={page === pages - 1 ? setHasMore : undefined}
          />
        ))}
      </div>
      {hasMore && (
        <Center>
          <Button variant="default" onClick={() => setPages(pages + 1)}>
            {loadMoreLabel}
          </Button>
        </Center>
      )}
    </Stack>
  );
}

type ListPageProps<T, E, K extends QueryKey> = Omit<PagedListProps<T, E, K>, "pageQuery" | "loadMoreLabel"> & {
  query: UseQueryOptions<T[], E, T[], K>;
  offset: number;
  onLoaded: ((more: boolean) => void) | undefined;
};

function ListPage<T, E, K extends QueryKey>({
  query,
  offset,
  renderItem,
  empty,
  skeleton,
  errorText,
  onLoaded,
}: ListPageProps<T, E, K>) {
  const items = useQuery(query);
  const page = items.data && pageOf(items.data);
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
