// Dashboard (/admin, /admin/dashboard): totals, the last 30 days of activity, the newest users
// and posts, and Create Category.
import { SimpleGrid, Skeleton, Stack } from "@mantine/core";
import { lazy, Suspense } from "react";
import { AdminPageHeader } from "../AdminPageHeader";
import { CreateCategoryButton } from "../categories/CreateCategoryButton";
import { RecentPostsCard } from "../dashboard/RecentPostsCard";
import { RecentUsersCard } from "../dashboard/RecentUsersCard";
import { StatCards } from "../dashboard/StatCards";

// The chart library is the heaviest part of the admin area: the totals show before it arrives.
const ActivityChart = lazy(() => import("../dashboard/ActivityChart"));

export default function DashboardPage() {
  return (
    <>
      <AdminPageHeader title="Dashboard" actions={<CreateCategoryButton />} />
      <Stack gap="lg">
        <StatCards />
        <Suspense fallback={<Skeleton height={360} radius="md" aria-label="Loading activity" />}>
          <ActivityChart />
        </Suspense>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <RecentUsersCard />
          <RecentPostsCard />
        </SimpleGrid>
      </Stack>
    </>
  );
}
