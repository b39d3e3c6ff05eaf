// A list read a page at a time (20 items): skeletons while a page loads, a Load More button while
// the server has more. Each page is its own cached query.
import { PAGE_STEP } from "@forum/contracts";
import { Button, Center, Stack, Text } from "@mantine/core";
import { type QueryKey, type UseQueryOptions, useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { PAGE_PROBE, pageOf } from "../../lib/paging";

/** The query options of one page; generic over the error and key types so tRPC's options fit. */
type PageQuery<T, E, K extends QueryKey> = (offset: number, limit: number) => UseQueryOptions<T[], E, T[], K>;

type PagedListProps<T, E, K extends QueryKey> = {
  pageQuery: PageQuery<T, E, K>;
  renderItem: (item: T) => ReactNode;
  /** Shown when the first page comes back empty. */
  empty: ReactNode;
  skeleton: ReactNode;
  errorText: string;
  loadMoreLabel: string;
};

export function PagedList<T, E, K extends QueryKey>({
  pageQuery,
  renderItem,
  empty,
  skeleton,
  errorText,
  loadMoreLabel,
}: PagedListProps<T, E, K>) {
  const [pages, setPages] = useState(1);
  const [hasMore, setHasMore] = useState(false);
  const offsets = Array.from({ length: pages }, (_, page) => page * PAGE_STEP);
  return (
    <Stack gap="md">
      {offsets.map((offset, page) => (
        <ListPage
          key={offset}
          pageQuery={pageQuery}
          offset={offset}
          renderItem={renderItem}
          empty={page === 0 ? empty : null}
          skeleton={skeleton}
          errorText={errorText}
          onLoaded={page === pages - 1 ? setHasMore : undefined}
        />
      ))}
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

type ListPageProps<T, E, K extends QueryKey> = Omit<PagedListProps<T, E, K>, "loadMoreLabel"> & {
  offset: number;
  onLoaded: ((more: boolean) => void) | undefined;
};

function ListPage<T, E, K extends QueryKey>({
  pageQuery,
  offset,
  renderItem,
  empty,
  skeleton,
  errorText,
  onLoaded,
}: ListPageProps<T, E, K>) {
  const items = useQuery(pageQuery(offset, PAGE_PROBE));
  const page = items.data ? pageOf(items.data) : undefined;
  const more = page?.more;
  useEffect(() => {
    if (more !== undefined) onLoaded?.(more);
  }, [more, onLoaded]);

  if (items.isPending) return skeleton;
  if (items.isError) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {errorText}
      </Text>
    );
  }
  if (!page || page.shown.length === 0) return empty;
  return page.shown.map(renderItem);
}
