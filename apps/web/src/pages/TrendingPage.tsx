// Trending (/trending): the posts ranked for a time range kept in the URL, the top three badged,
// with Hottest Topics and Rising Stars for the same range beside them.
import { DEFAULT_TRENDING_RANGE, type TimeRange } from "@forum/contracts";
import { Badge, Group } from "@mantine/core";
import { IconTrendingUp } from "@tabler/icons-react";
import { ChoiceSegments } from "../components/browse/ChoiceSegments";
import { EmptyState } from "../components/browse/EmptyState";
import { HottestTopicsCard } from "../components/browse/HottestTopicsCard";
import { PostFeed } from "../components/browse/PostFeed";
import { RisingStarsCard } from "../components/browse/RisingStarsCard";
import { type Choice, useUrlChoice } from "../components/browse/SortSelect";
import { WithSideColumn } from "../components/browse/WithSideColumn";
import { useOpenCreatePost } from "../components/create-post/CreatePostContext";
import { Breadcrumbs } from "../components/ui/Breadcrumbs";
import { PageTitle } from "../components/ui/PageTitle";

const RANGES: Choice<TimeRange>[] = [
  { value: "today", label: "Today" },
  { value: "week", label: "Week" },
  { value: "month", label: "Month" },
  { value: "year", label: "Year" },
];

const BADGED = 3;

function trendingBadge(index: number) {
  if (index >= BADGED) return null;
  return (
    <Badge color="orange" variant="filled" leftSection={<IconTrendingUp size={12} aria-hidden />}>
      #{index + 1} Trending
    </Badge>
  );
}

export default function TrendingPage() {
  const openCreatePost = useOpenCreatePost();
  const [timeRange, setTimeRange, rangeHref] = useUrlChoice("range", RANGES, DEFAULT_TRENDING_RANGE);
  return (
    <WithSideColumn
      side={
        <>
          <HottestTopicsCard timeRange={timeRange} />
          <RisingStarsCard timeRange={timeRange} />
        </>
      }
    >
      <Breadcrumbs items={[{ label: "Home", to: "/" }, { label: "Trending" }]} />
      <Group justify="space-between" mb="md" wrap="wrap" gap="sm">
        <PageTitle>Trending Discussions</PageTitle>
        <ChoiceSegments
          label="Time range"
          choices={RANGES}
          value={timeRange}
          onChange={setTimeRange}
          hrefOf={rangeHref}
        />
      </Group>
      <PostFeed
        query={{ sortBy: "trending", timeRange }}
        badgeFor={trendingBadge}
        empty={
          <EmptyState
            title="No trending posts yet"
            text="Nothing has taken off in this period."
            actionLabel="Start the Trend"
            onAction={() => openCreatePost()}
          />
        }
      />
    </WithSideColumn>
  );
}
