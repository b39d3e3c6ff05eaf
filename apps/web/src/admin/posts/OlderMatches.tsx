// The admin post list holds the newest 1,000 posts and filters them in the browser (spec). A
// search also asks the server's search for the rest of the forum: its matches that are not among
// the loaded posts are listed here, 50 at a time.
import { type PostView, SEARCH_MAX_PAGE_SIZE, SEARCH_MIN_LENGTH } from "@forum/contracts";
import { Button, Center, Loader, Stack, Text, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTRPC } from "../../lib/trpc";
import { AdminPostCard } from "./AdminPostCard";
import { ALL_CATEGORIES, type PostFilter } from "./filterPosts";

type Props = {
  filter: PostFilter;
  loadedIds: ReadonlySet<number>;
  onEdit: (post: PostView) => void;
  onDelete: (post: PostView) => void;
};

export function OlderMatches({ filter, loadedIds, onEdit, onDelete }: Props) {
  const [q] = useDebouncedValue(filter.search.trim(), 300);
  const categoryId = filter.categoryId === ALL_CATEGORIES ? undefined : Number(filter.categoryId);
  const [pages, setPages] = useState(1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search starts from its first page
  useEffect(() => setPages(1), [q, categoryId]);
  if (q.length < SEARCH_MIN_LENGTH) return null;
  const offsets = Array.from({ length: pages }, (_, page) => page * SEARCH_MAX_PAGE_SIZE);
  return (
    <Stack gap="md" component="section" aria-label="Matches among older posts">
      <Title order={3} size="h5" mt="md">
        Matches among older posts
      </Title>
      {offsets.map((offset) => (
        <MatchPage
          key={`${q} ${categoryId} ${offset}`}
          input={{ q, categoryId, sort: "new", offset, limit: SEARCH_MAX_PAGE_SIZE }}
          loadedIds={loadedIds}
          onEdit={onEdit}
          onDelete={onDelete}
          onMore={offset === offsets.at(-1) ? () => setPages(pages + 1) : undefined}
          first={offset === 0}
        />
      ))}
    </Stack>
  );
}

type MatchPageProps = Omit<Props, "filter"> & {
  input: { q: string; categoryId: number | undefined; sort: "new"; offset: number; limit: number };
  onMore: (() => void) | undefined;
  first: boolean;
};

function MatchPage({ input, loadedIds, onEdit, onDelete, onMore, first }: MatchPageProps) {
  const trpc = useTRPC();
  const results = useQuery(trpc.search.posts.queryOptions(input));
  if (results.isPending) {
    return (
      <Center py="md">
        <Loader size="sm" aria-label="Searching older posts" />
      </Center>
    );
  }
  if (results.isError) return <Text c="dimmed">The search of older posts failed.</Text>;
  const older = results.data.filter((post) => !loadedIds.has(post.id));
  return (
    <>
      {older.map((post) => (
        <AdminPostCard key={post.id} post={post} onEdit={() => onEdit(post)} onDelete={() => onDelete(post)} />
      ))}
      {first && older.length === 0 && results.data.length < input.limit && (
        <Text size="sm" c="dimmed">
          No older posts match.
        </Text>
      )}
      {onMore && results.data.length === input.limit && (
        <Center>
          <Button variant="default" onClick={onMore}>
            Load More
          </Button>
        </Center>
      )}
    </>
  );
}
