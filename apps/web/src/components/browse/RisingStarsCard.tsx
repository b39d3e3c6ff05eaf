// Trending side card: members who gained the most reputation in the chosen time range.
import type { TimeRange } from "@forum/contracts";
import { Anchor, Badge, Group, Stack, Text } from "@mantine/core";
import { IconStar } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { fullName } from "../../lib/format";
import { useTRPC } from "../../lib/trpc";
import { UserAvatar } from "../ui/UserAvatar";
import { SideCard } from "./SideCard";

const STAR_COUNT = 5;

export function RisingStarsCard({ timeRange }: { timeRange: TimeRange }) {
  const trpc = useTRPC();
  const stars = useQuery(trpc.users.risingStars.queryOptions({ timeRange, limit: STAR_COUNT }));
  const emptyText = stars.isError
    ? "Rising stars could not be loaded"
    : stars.data?.length === 0
      ? "No rising stars in this period"
      : undefined;
  return (
    <SideCard
      title="Rising Stars"
      icon={<IconStar size={18} color="var(--mantine-color-yellow-6)" aria-hidden />}
      loading={stars.isPending}
      emptyText={emptyText}
    >
      {stars.data?.map((star) => {
        const name = fullName(star);
        return (
          <Group component="li" key={star.id} justify="space-between" wrap="nowrap" gap="xs">
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              <UserAvatar user={star} size="sm" />
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Anchor component={Link} to={`/u/${star.username}`} size="sm" fw={500} truncate>
                  {name || star.username}
                </Anchor>
                {name && (
                  <Text size="xs" c="dimmed" truncate>
                    @{star.username}
                  </Text>
                )}
              </Stack>
            </Group>
            <Badge
              variant="light"
              color="green"
              style={{ flexShrink: 0 }}
              aria-label={`${star.reputationGained} reputation gained`}
            >
              +{star.reputationGained}
            </Badge>
          </Group>
        );
      })}
    </SideCard>
  );
}
