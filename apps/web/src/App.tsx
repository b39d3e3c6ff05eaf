// Providers and routes, the same for the browser (main.tsx, in a BrowserRouter) and the server
// (entry-server.tsx, in a StaticRouter). Every screen is its own chunk; the admin area never
// loads for visitors.
import { MantineProvider } from "@mantine/core";
import { type QueryClient, QueryClientProvider, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useRef } from "react";
import { useLocation, useRoutes } from "react-router";
import { useStaffTwoStepGate } from "./auth/staffTwoStep";
import { useCurrentUser } from "./auth/useCurrentUser";
import { CreatePostProvider } from "./components/create-post/CreatePostContext";
import { LiveStream } from "./components/live/LiveStream";
import { FullScreenLoading } from "./components/shell/FullScreenLoading";
import { forgetFlash } from "./lib/flash";
import { forgetPageData } from "./lib/pageData";
import { cssVariablesResolver, theme } from "./lib/theme";
import { useToastOutlet } from "./lib/toast";
import { type ApiClient, TRPCProvider } from "./lib/trpc";
import { appRoutes } from "./routes";

export function App({ queryClient, apiClient }: { queryClient: QueryClient; apiClient: ApiClient }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
      <ToastsWhenNeeded />
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={apiClient} queryClient={queryClient}>
          <AuthGate>
            <CreatePostProvider>
              <AppRoutes />
            </CreatePostProvider>
            <LiveStream />
          </AuthGate>
        </TRPCProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}

function AppRoutes() {
  // The page's own data is fresh for the page it came with only (see lib/pageData.ts).
  const { pathname } = useLocation();
  const first = useRef(pathname);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (pathname === first.current) return;
    forgetPageData();
    forgetFlash(queryClient);
  }, [pathname, queryClient]);
  useStaffTwoStepGate();
  return useRoutes(appRoutes);
}

/** Spec section 2: a full-screen "Loading..." while the session loads (never on a server-rendered page). */
function AuthGate({ children }: { children: ReactNode }) {
  const { isLoading } = useCurrentUser();
  return isLoading ? <FullScreenLoading /> : children;
}

/** Toasts, from the first one on (the notifications system loads with it, see lib/toast.ts). */
function ToastsWhenNeeded() {
  const ToastOutlet = useToastOutlet();
  return ToastOutlet ? <ToastOutlet /> : null;
}
