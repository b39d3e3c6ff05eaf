// Search results (/search?q=…&category=…&sort=new): the query, filter and sort live in the URL, so
// a result page can be shared and Back returns to it. Results come 20 at a time (Load More), with
// the matched words marked in each title and snippet.
import {
  parseSearchQuery,
  SEARCH_MIN_LENGTH,
  SEARCH_PAGE_SIZE,
  type SearchResultView,
  type SearchSort,
  type SearchTerm,
} from "@forum/contracts";
import { Button, Card, Center, Group, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { ChoiceSegments } from "../components/browse/ChoiceSegments";
import { type Choice, ChoiceSelect, useUrlChoice } from "../components/browse/SortSelect";
import { SearchResultCard } from "../components/search/SearchResultCard";
import { Breadcrumbs } from "../components/ui/Breadcrumbs";
import { PageTitle } from "../components/ui/PageTitle";
import { useTRPC } from "../lib/trpc";
import { useCategories } from "../lib/useCategories";

const SORTS: Choice<SearchSort>[] = [
  { value: "relevance", label: "Most relevant" },
  { value: "new", label: "Newest" },
];
const ALL = "all";

export default function SearchPage() {
  const [params] = useSearchParams();
  const q = (params.get("q") ?? "").trim();
  const [sort, setSort, sortHref] = useUrlChoice("sort", SORTS, "relevance");
  const categories = useCategories();
  const categoryChoices: Choice<string>[] = [
    { value: ALL, label: "All categories" },
    ...(categories.data ?? []).map((category) => ({ value: String(category.id), label: category.name })),
  ];
  const [category, setCategory] = useUrlChoice("category", categoryChoices, ALL);
  const categoryId = category === ALL ? undefined : Number(category);
  const tooShort = q.length < SEARCH_MIN_LENGTH;

  return (
    <Stack gap="md" maw={900}>
      <Breadcrumbs items={[{ label: "Home", to: "/" }, { label: "Search" }]} />
      <PageTitle style={{ overflowWrap: "anywhere" }}>{q ? `Search results for “${q}”` : "Search"}</PageTitle>
      <Group justify="space-between" wrap="wrap" gap="sm">
        {tooShort ? <span /> : <ResultCount q={q} categoryId={categoryId} />}
        <Group gap="sm" wrap="wrap">
          <ChoiceSelect
            label="Filter by category"
            name="category"
            choices={categoryChoices}
            value={category}
            onChange={setCategory}
          />
          <ChoiceSegments label="Sort results" choices={SORTS} value={sort} onChange={setSort} hrefOf={sortHref} />
        </Group>
      </Group>
      {tooShort ? (
        <Paper withBorder p="xl" ta="center">
          <Text c="dimmed">Type what you are looking for in the search box and press Enter.</Text>
        </Paper>
      ) : (
        <Results key={`${q} ${categoryId} ${sort}`} q={q} categoryId={categoryId} sort={sort} />
      )}
    </Stack>
  );
}

function ResultCount({ q, categoryId }: { q: string; categoryId: number | undefined }) {
  const trpc = useTRPC();
  const count = useQuery(trpc.search.count.queryOptions({ q, categoryId }));
  if (!count.data) return <Skeleton height={20} width={120} />;
  const { count: n, exact } = count.data;
  return (
    <Text c="dimmed" aria-live="polite">
      {exact
        ? `${n.toLocaleString("en-US")} ${n === 1 ? "result" : "results"}`
        : `${n.toLocaleString("en-US")}+ results`}
    </Text>
  );
}

type ResultsProps = { q: string; categoryId: number | undefined; sort: SearchSort };

function Results({ q, categoryId, sort }: ResultsProps) {
  const [pages, setPages] = useState(1);
  const [lastPageFull, setLastPageFull] = useState(false);
  const terms = parseSearchQuery(q);
  const offsets = Array.from({ length: pages }, (_, page) => page * SEARCH_PAGE_SIZE);
  return (
    <Stack gap="md">
      {offsets.map((offset) => (
        <ResultPage
          key={offset}
          input={{ q, categoryId, sort, offset, limit: SEARCH_PAGE_SIZE }}
          terms={terms}
          first={offset === 0}
          onLoaded={offset === offsets.at(-1) ? setLastPageFull : undefined}
        />
      ))}
      {lastPageFull && (
        <Center>
          <Button variant="default" onClick={() => setPages((count) => count + 1)}>
            Load More
          </Button>
        </Center>
      )}
    </Stack>
  );
}

type ResultPageProps = {
  input: ResultsProps & { offset: number; limit: number };
  terms: SearchTerm[];
  first: boolean;
  onLoaded: ((full: boolean) => void) | undefined;
};

function ResultPage({ input, terms, first, onLoaded }: ResultPageProps) {
  const trpc = useTRPC();
  const results = useQuery(trpc.search.posts.queryOptions(input));
  const count = results.data?.length;
  useEffect(() => {
    if (count !== undefined) onLoaded?.(count === SEARCH_PAGE_SIZE);
  }, [count, onLoaded]);

  if (results.isPending) return <ResultSkeletons />;
  if (results.isError) {
    return (
      <Group justify="center" gap="sm" py="xl">
        <Text c="dimmed">The search could not be run.</Text>
        <Button variant="default" size="compact-sm" onClick={() => void results.refetch()}>
          Try again
        </Button>
      </Group>
    );
  }
  if (results.data.length === 0 && first) {
    return (
      <Paper withBorder p="xl" ta="center">
        <Stack align="center" gap="xs">
          <Title order={2} size="h3">
            No results for “{input.q}”
          </Title>
          <Text c="dimmed">
            Try fewer or different words, check the spelling, or search all categories. The last word also finds words
            that start with it.
          </Text>
        </Stack>
      </Paper>
    );
  }
  return results.data.map((result: SearchResultView) => (
    <SearchResultCard key={result.id} result={result} terms={terms} />
  ));
}

function ResultSkeletons() {
  return ["a", "b", "c"].map((key) => (
    <Card withBorder padding="lg" key={key} aria-hidden>
      <Skeleton height={12} width={160} />
      <Skeleton height={18} mt="sm" width="70%" />
      <Skeleton height={10} mt="sm" />
      <Skeleton height={10} mt={6} width="85%" />
    </Card>
  ));
}
