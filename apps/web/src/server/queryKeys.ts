// Query keys exactly as the screens build them (the same tRPC options proxy, without a link: it
// only makes keys here, it never fetches).
import type { AppRouter } from "@forum/api";
import { QueryClient } from "@tanstack/react-query";
import { createTRPCClient } from "@trpc/client";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";

export const keys = createTRPCOptionsProxy<AppRouter>({
  client: createTRPCClient<AppRouter>({ links: [] }),
  queryClient: new QueryClient(),
});
