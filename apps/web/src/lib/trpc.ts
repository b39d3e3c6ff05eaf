// The web app's door to the API: tRPC over HTTP with TanStack Query caching.
import type { AppRouter } from "@forum/api";
import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink, TRPCClientError } from "@trpc/client";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import { isBanned } from "../auth/banned";
import { refetchUnlessFromPage } from "./pageData";

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/** The HTTP status of a failed call, when the server answered (a tRPC call, or an upload's FailedAnswer). */
export function httpStatusOf(error: unknown): number | undefined {
  if (error instanceof TRPCClientError) {
    const data = error.data as { httpStatus?: number } | undefined;
    return data?.httpStatus;
  }
  const status = error instanceof Error ? (error as { httpStatus?: unknown }).httpStatus : undefined;
  return typeof status === "number" ? status : undefined;
}

const NOT_RETRIED = new Set([400, 401, 403, 404, 409, 429]);

export function createQueryClient() {
  // A call refused because the account has been banned meanwhile: the session is asked for again,
  // and its answer (401, the ban) signs the member out on the page they are on, where
  // BannedNotice says why.
  const onError = (error: unknown) => {
    if (httpStatusOf(error) === 403 && isBanned(error)) void client.invalidateQueries({ queryKey: [["auth", "me"]] });
  };
  const client = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      // Spec section 7: fresh for 1 s, one retry, no refetch on focus, mutations never retried.
      queries: {
        staleTime: 1000,
        retry: (failureCount, error) => !NOT_RETRIED.has(httpStatusOf(error) ?? 0) && failureCount < 1,
        refetchOnWindowFocus: false,
        refetchOnMount: refetchUnlessFromPage,
      },
      mutations: { retry: false },
    },
  });
  return client;
}

export type ApiClient = ReturnType<typeof createApiClient>;

export function createApiClient() {
  return createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url: "/trpc", maxItems: 10 })],
  });
}
