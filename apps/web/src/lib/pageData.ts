// The data a server-rendered page was rendered from (entry-server.tsx writes it into the page as
// JSON): put in the query cache before hydration, so the first render matches the page's HTML and
// nothing the page shows is fetched again.
import type { Query, QueryClient } from "@tanstack/react-query";
import { TRPCClientError } from "@trpc/client";

/** [queryKey, data] for an answer, [queryKey, null, error] for a failure (a missing post: 404). */
export type PageQuery = [
  queryKey: readonly unknown[],
  data: unknown,
  error?: { message: string; code: number; data: { httpStatus?: number } },
];

export const PAGE_DATA_ID = "forum-data";

const fromPage = new Set<Query>();

/** Fills the cache from the page, when the server wrote its data into it. */
export function loadPageData(client: QueryClient): void {
  const script = document.getElementById(PAGE_DATA_ID);
  if (!script) return;
  const freshFor = client.getDefaultOptions().queries?.staleTime;
  const dataDatedStale = Date.now() - (typeof freshFor === "number" ? freshFor : 0);
  for (const [queryKey, data, error] of JSON.parse(script.textContent ?? "[]") as PageQuery[]) {
    const query = client.getQueryCache().build(client, { queryKey });
    if (error) {
      query.setState({ status: "error", error: new TRPCClientError(error.message, { result: { error } as never }) });
      // Shown as the failure it is (the server's "Post not found"), not as loading and asked again.
      client.setQueryDefaults(queryKey, { retryOnMount: false });
    } else {
      // Dated as already stale by the usual measure (1 s), not as fresh: data dated now went stale
      // in the middle of a phone's hydration, which changed each query's result between its render
      // and its subscription, and React then rendered each screen again at once, in one task. It
      // is not fetched again for that (refetchUnlessFromPage), and the server may well have
      // rendered it a while ago (a kept page).
      query.setData(data, { updatedAt: dataDatedStale, manual: false });
    }
    fromPage.add(query);
  }
}

/**
 * Whether a query mounting now is fetched again: not the page's own data on the page it came
 * with (a screen that asks for fresh data on every mount, like the sidebar's categories, would
 * otherwise fetch it again during hydration); as usual after the first navigation. (TanStack
 * Query asks this during render as well as on mount, so the answer must not change in between.)
 */
export const refetchUnlessFromPage = (query: Query) => !fromPage.has(query);

export function forgetPageData(): void {
  fromPage.clear();
}
