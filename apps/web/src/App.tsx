// Providers and routes. Every screen is its own chunk; the admin area never loads for visitors.
import { MantineProvider } from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { BrowserRouter, Route, Routes } from "react-router";
import { useCurrentUser } from "./auth/useCurrentUser";
import { CreatePostProvider } from "./components/CreatePostContext";
import { FullScreenLoading } from "./components/FullScreenLoading";
import { Layout } from "./components/Layout";
import { cssVariablesResolver, theme } from "./lib/theme";
import { useToastOutlet } from "./lib/toast";
import { createApiClient, createQueryClient, TRPCProvider } from "./lib/trpc";

const HomePage = lazy(() => import("./pages/HomePage"));
const TrendingPage = lazy(() => import("./pages/TrendingPage"));
const PostPage = lazy(() => import("./pages/PostPage"));
const CategoryPage = lazy(() => import("./pages/CategoryPage"));
const ProfilePage = lazy(() => import("./pages/ProfilePage"));
const LoginPage = lazy(() => import("./pages/LoginPage"));
const SettingsPage = lazy(() => import("./pages/SettingsPage"));
const NotFoundPage = lazy(() => import("./pages/NotFoundPage"));
const SearchPage = lazy(() => import("./pages/SearchPage"));
const NotificationsPage = lazy(() => import("./pages/NotificationsPage"));
const AdminRoutes = lazy(() => import("./admin/AdminRoutes"));

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [apiClient] = useState(createApiClient);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
      <ToastsWhenNeeded />
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={apiClient} queryClient={queryClient}>
          <BrowserRouter>
            <AuthGate>
              <CreatePostProvider>
                <Routes>
                  <Route path="/login" element={<Lazy page={<LoginPage />} />} />
                  <Route path="/auth" element={<Lazy page={<LoginPage />} />} />
                  <Route path="/admin/*" element={<Lazy page={<AdminRoutes />} />} />
                  <Route element={<Layout />}>
                    <Route index element={<HomePage />} />
                    <Route path="/trending" element={<TrendingPage />} />
                    <Route path="/posts/:slug" element={<PostPage />} />
                    <Route path="/cats/:slug" element={<CategoryPage />} />
                    <Route path="/u/:username" element={<ProfilePage />} />
                    <Route path="/settings" element={<SettingsPage />} />
                    <Route path="/search" element={<SearchPage />} />
                    <Route path="/notifications" element={<NotificationsPage />} />
                    <Route path="*" element={<NotFoundPage />} />
                  </Route>
                </Routes>
              </CreatePostProvider>
            </AuthGate>
          </BrowserRouter>
        </TRPCProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}

/** Spec section 2: a full-screen "Loading..." while the session loads. */
function AuthGate({ children }: { children: ReactNode }) {
  const { isLoading } = useCurrentUser();
  return isLoading ? <FullScreenLoading /> : children;
}

function Lazy({ page }: { page: ReactNode }) {
  return <Suspense fallback={<FullScreenLoading />}>{page}</Suspense>;
}

/** Toasts, from the first one on (the notifications system loads with it, see lib/toast.ts). */
function ToastsWhenNeeded() {
  const ToastOutlet = useToastOutlet();
  return ToastOutlet ? <ToastOutlet /> : null;
}
