// Posts, replies and new members per day over the last 30 days, from the one aggregate call
// admin.activity. Its own chunk (recharts is large), loaded only by the dashboard.
import "@mantine/charts/styles.css";
import { ADMIN_ACTIVITY_DAYS, type AdminActivityDay } from "@forum/contracts";
import { LineChart } from "@mantine/charts";
import { Box, Card, Group, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useTRPC } from "../../lib/trpc";
import { LoadFailed } from "../LoadFailed";

const SERIES = [
  { name: "posts", label: "Posts", color: "blue.6" },
  { name: "replies", label: "Replies", color: "teal.6" },
  { name: "members", label: "New members", color: "orange.6" },
] as const;

const CHART_HEIGHT = 260;

/** "2026-11-25" (a UTC day) as "Nov 25". */
function dayLabel(date: string) {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString(undefined, {
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });
}

function totalsOf(days: AdminActivityDay[]) {
  return SERIES.map((series) => ({
    ...series,
    total: days.reduce((sum, day) => sum + day[series.name], 0),
  }));
}

export default function ActivityChart() {
  const trpc = useTRPC();
  const activity = useQuery(trpc.admin.activity.queryOptions());
  const data = useMemo(() => activity.data?.map((day) => ({ ...day, day: dayLabel(day.date) })), [activity.data]);
  const totals = activity.data ? totalsOf(activity.data) : null;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="activity-chart-title">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="activity-chart-title">
            Activity
          </Title>
          <Text size="sm" c="dimmed">
            Posts, replies and new members per day over the last {ADMIN_ACTIVITY_DAYS} days (UTC)
          </Text>
        </div>
        {activity.isPending ? (
          <Skeleton height={CHART_HEIGHT} aria-label="Loading activity" />
        ) : activity.isError || !data || !totals ? (
          <LoadFailed what="activity" onRetry={() => void activity.refetch()} />
        ) : (
          <>
            <Group gap="lg" wrap="wrap" aria-label={`Totals over the last ${ADMIN_ACTIVITY_DAYS} days`}>
              {totals.map((series) => (
                <Text key={series.name} size="sm">
                  <Text span fw={700}>
                    {series.total.toLocaleString()}
                  </Text>{" "}
                  {series.label.toLowerCase()}
                </Text>
              ))}
            </Group>
            {/* A figure, not an image: the chart's keyboard layer (arrow keys move the tooltip) stays usable. */}
            <Box
              role="figure"
              aria-label={`Line chart of daily activity: ${totals
                .map((series) => `${series.total} ${series.label.toLowerCase()}`)
                .join(", ")} in the last ${ADMIN_ACTIVITY_DAYS} days`}
            >
              <LineChart
                h={CHART_HEIGHT}
                data={data}
                dataKey="day"
                series={SERIES.map(({ name, label, color }) => ({ name, label, color }))}
                curveType="linear"
                withDots={false}
                withLegend
                legendProps={{ verticalAlign: "bottom", height: 40 }}
                tickLine="none"
                gridAxis="y"
                xAxisProps={{ minTickGap: 24 }}
                yAxisProps={{ allowDecimals: false, width: 36 }}
              />
            </Box>
          </>
        )}
      </Stack>
    </Card>
  );
}
