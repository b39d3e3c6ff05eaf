// Renders the app for one URL on the server with the data its screens ask for. A screen asks for
// data by rendering (useQuery), so the render is repeated: each pass finds the queries still
// waiting, runs them through the in-process caller, and renders again with their answers, until
// a pass asks for nothing new (two or three passes: the layout and the page, then what depends
// on their answers, like the ads once ad settings say they are on). The screens stay the one
// source of what a page needs; nothing here lists it again. What a page asked for last time is
// fetched before the first pass (learnedQueries.ts), so a page seen before takes one pass.
import { Writable } from "node:stream";
import type { Flash } from "@forum/contracts";
import { hashKey, type Query, type QueryClient, type QueryKey, skipToken } from "@tanstack/react-query";
import { createTRPCClient, createTRPCUntypedClient, TRPCClientError } from "@trpc/client";
import { renderToPipeableStream } from "react-dom/server";
import { StaticRouter } from "react-router";
import { App } from "../App";
import { RedirectRecorder } from "../components/shell/Redirect";
import { PageHeadContext } from "../components/ui/PageTitle";
import { FLASH_KEY } from "../lib/flash";
import type { PageQuery } from "../lib/pageData";
import { createQueryClient } from "../lib/trpc";
import { type CallProcedure, inProcessLink } from "./inProcessLink";
import { pageName, procedureOf, queriesOf, remember } from "./learnedQueries";
import { keys } from "./queryKeys";

/** Passes at most: a screen that keeps asking for more is sent with what it has. */
const MAX_PASSES = 5;

export type RenderedApp = {
  html: string;
  /** The tab title the screen set (usePageTitle). */
  title: string | undefined;
  /** Every answer and failure, as the browser loads them (lib/pageData.ts). */
  queries: PageQuery[];
  client: QueryClient;
  /** Errors React met while rendering (the page is still sent: the browser renders that part). */
  errors: unknown[];
  /** Where the screen sends the reader instead (components/shell/Redirect.tsx): the answer is that redirect. */
  redirect: string | undefined;
};

type Settled = { queryKey: readonly unknown[]; data?: unknown; error?: unknown };

export async function renderApp(url: string, call: CallProcedure, flash?: Flash): Promise<RenderedApp> {
  const apiClient = createTRPCClient({ links: [inProcessLink(call)] });
  const settled = new Map<string, Settled>();
  // A native form's message is part of the page's data, so the hydration shows it too.
  if (flash) settled.set(hashKey(FLASH_KEY), { queryKey: FLASH_KEY, data: flash });
  // The session first (every page's layout asks for it), then what this page asked for last time.
  const fetchKey = fetcherOf(call, settled);
  const me = await fetchKey(keys.auth.me.queryKey());
  const page = pageName(url, me.data !== null && me.data !== undefined);
  await Promise.all(queriesOf(page).map(fetchKey));
  for (let pass = 1; ; pass++) {
    // A fresh client per pass, filled with what is known: each query is built with the options
    // of this pass's render (a query disabled in the last pass may be enabled now).
    const client = serverQueryClient();
    for (const known of settled.values()) seed(client, known);
    const head: { title?: string } = {};
    const redirect: { to?: string } = {};
    const errors: unknown[] = [];
    const html = await renderToHtml(
      <PageHeadContext.Provider value={head}>
        <RedirectRecorder.Provider value={redirect}>
          <StaticRouter location={url}>
            <App queryClient={client} apiClient={apiClient} />
          </StaticRouter>
        </RedirectRecorder.Provider>
      </PageHeadContext.Provider>,
      errors,
    );
    const waiting = client.getQueryCache().findAll({ predicate: isWaiting });
    // A redirect needs nothing more: its answer has no page.
    if (waiting.length === 0 || pass === MAX_PASSES || redirect.to !== undefined) {
      remember(
        page,
        [...settled.values()].flatMap((known) => (procedureOf(known.queryKey) ? [known.queryKey] : [])),
      );
      const queries = [...settled.values()].map(toPageQuery);
      return { html, title: head.title, queries, client, errors, redirect: redirect.to };
    }
    await Promise.all(
      waiting.map(async (query) => {
        const outcome: Settled = { queryKey: query.queryKey };
        try {
          outcome.data = await client.fetchQuery({ ...query.options, queryKey: query.queryKey, retry: false });
        } catch (error) {
          outcome.error = error;
        }
        settled.set(query.queryHash, outcome);
      }),
    );
  }
}

/** Fetches a query by its key alone (a tRPC query's), once a render, into `settled`; other keys are skipped. */
function fetcherOf(call: CallProcedure, settled: Map<string, Settled>) {
  const client = createTRPCUntypedClient({ links: [inProcessLink(call)] });
  return async (queryKey: QueryKey): Promise<Settled> => {
    const hash = hashKey(queryKey);
    const known = settled.get(hash);
    if (known) return known;
    const procedure = procedureOf(queryKey);
    if (!procedure) return { queryKey };
    const outcome: Settled = { queryKey };
    try {
      outcome.data = await client.query(procedure.path, procedure.input);
    } catch (error) {
      outcome.error = error;
    }
    settled.set(hash, outcome);
    return outcome;
  };
}

function serverQueryClient(): QueryClient {
  const client = createQueryClient();
  // One try each: a failure is rendered as the browser would show it (with its own retry button).
  client.setDefaultOptions({
    ...client.getDefaultOptions(),
    // A failure is shown as such (a missing post's "Post not found"), as the browser will hydrate it.
    queries: { ...client.getDefaultOptions().queries, retry: false, retryOnMount: false },
  });
  return client;
}

/** A query the render asked for that has neither answer nor failure yet, and may run. */
function isWaiting(query: Query): boolean {
  if (query.state.status !== "pending" || query.state.fetchStatus !== "idle") return false;
  const { enabled, queryFn } = query.options as {
    enabled?: boolean | ((query: Query) => boolean);
    queryFn?: unknown;
  };
  if (queryFn === skipToken) return false;
  return typeof enabled === "function" ? enabled(query) : enabled !== false;
}

function seed(client: QueryClient, known: Settled): void {
  const query = client.getQueryCache().build(client, { queryKey: known.queryKey });
  if (known.error === undefined) query.setData(known.data);
  else query.setState({ status: "error", error: known.error as Error, errorUpdatedAt: Date.now() });
}

function toPageQuery(known: Settled): PageQuery {
  if (known.error === undefined) return [known.queryKey, known.data ?? null];
  const error = known.error;
  const shape =
    error instanceof TRPCClientError
      ? {
          message: error.message,
          code: error.shape?.code ?? -32603,
          data: (error.data ?? {}) as { httpStatus?: number },
        }
      : { message: "Internal server error", code: -32603, data: { httpStatus: 500 } };
  return [known.queryKey, null, shape];
}

/** React's streaming renderer, read to the end once every part of the page is ready. */
function renderToHtml(element: React.ReactNode, errors: unknown[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
        done();
      },
    });
    sink.on("finish", () => resolve(Buffer.concat(chunks).toString("utf8")));
    const stream = renderToPipeableStream(element, {
      // Everything inline, in order: a large Suspense boundary is otherwise sent apart and moved
      // into place by an inline script, which the pages' Content-Security-Policy refuses.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (error) => {
        errors.push(error);
      },
    });
  });
}
