// Trending side card: the most-replied posts of the chosen time range.
import type { TimeRange } from "@forum/contracts";
import { Anchor, Badge, Group } from "@mantine/core";
import { IconFlame } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { plural } from "../../lib/format";
import { useTRPC } from "../../lib/trpc";
import { SideCard } from "./SideCard";

const TOPIC_COUNT = 5;

export function HottestTopicsCard({ timeRange }: { timeRange: TimeRange }) {
  const trpc = useTRPC();
  const posts = useQuery(trpc.posts.cards.queryOptions({ sortBy: "replies", timeRange, limit: TOPIC_COUNT }));
  const emptyText = posts.isError
    ? "Hottest topics could not be loaded"
    : posts.data?.length === 0
      ? "No hot topics in this period"
      : undefined;
  return (
    <SideCard
      title="Hottest Topics"
      icon={<IconFlame size={18} color="var(--mantine-color-orange-6)" aria-hidden />}
      loading={posts.isPending}
      emptyText={emptyText}
    >
      {posts.data?.map((post) => (
        <Group component="li" key={post.id} justify="space-between" wrap="nowrap" gap="xs">
          <Anchor component={Link} to={`/posts/${post.slug}`} size="sm" lineClamp={2} style={{ minWidth: 0 }}>
            {post.title}
          </Anchor>
          <Badge variant="light" color="gray" style={{ flexShrink: 0 }} tt="none">
            {plural(post.replyCount, "reply", "replies")}
          </Badge>
        </Group>
      ))}
    </SideCard>
  );
}
