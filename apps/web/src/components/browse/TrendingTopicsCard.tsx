// Category side card: the categories with the most new discussions this week.
import type { TrendingTopic } from "@forum/contracts";
import { Anchor, Box, Group, Text } from "@mantine/core";
import { IconHash } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { plural } from "../../lib/format";
import { useTRPC } from "../../lib/trpc";
import { SideCard } from "./SideCard";

/**
 * SAMPLE DATA, not from the server: the spec shows these three placeholder topics when the API
 * returns none. They link nowhere because no such categories exist.
 */
const SAMPLE_TOPICS: TrendingTopic[] = [
  { id: -1, name: "React Hooks", slug: "", color: "#3b82f6", count: 12 },
  { id: -2, name: "TypeScript Tips", slug: "", color: "#8b5cf6", count: 8 },
  { id: -3, name: "Node.js Performance", slug: "", color: "#10b981", count: 5 },
];

export function TrendingTopicsCard() {
  const trpc = useTRPC();
  const topics = useQuery(trpc.categories.trendingTopics.queryOptions());
  const isSample = topics.data?.length === 0;
  const shown = isSample ? SAMPLE_TOPICS : (topics.data ?? []);
  return (
    <SideCard
      title="Trending Topics"
      icon={<IconHash size={18} aria-hidden />}
      loading={topics.isPending}
      emptyText={topics.isError ? "Trending topics could not be loaded" : undefined}
    >
      {shown.map((topic) => (
        <Group component="li" key={topic.id} justify="space-between" wrap="nowrap" gap="xs">
          <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
            <Box w={10} h={10} style={{ borderRadius: "50%", background: topic.color, flexShrink: 0 }} />
            {isSample ? (
              <Text size="sm" truncate>
                {topic.name}
              </Text>
            ) : (
              <Anchor component={Link} to={`/cats/${topic.slug}`} size="sm" truncate>
                {topic.name}
              </Anchor>
            )}
          </Group>
          <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
            {plural(topic.count, "discussion", "discussions")}
          </Text>
        </Group>
      ))}
    </SideCard>
  );
}
