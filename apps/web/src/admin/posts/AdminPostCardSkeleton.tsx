// The five placeholder cards of the admin post list while the posts load (spec section 9).
import { Card, Group, Skeleton, Stack } from "@mantine/core";

export const PLACEHOLDER_CARDS = 5;

export function AdminPostCardSkeletons() {
  return (
    <Stack gap="md" aria-busy aria-label="Loading posts">
      {Array.from({ length: PLACEHOLDER_CARDS }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders with no identity
        <Card key={index} withBorder padding="lg" aria-hidden>
          <Stack gap="sm">
            <Skeleton height={22} width="60%" />
            <Group gap="md">
              <Skeleton height={12} width={80} />
              <Skeleton height={12} width={90} />
              <Skeleton height={12} width={70} />
            </Group>
            <Skeleton height={12} />
            <Skeleton height={12} width="80%" />
            <Group gap="xs">
              <Skeleton height={30} width={64} />
              <Skeleton height={30} width={72} />
              <Skeleton height={30} width={64} />
            </Group>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
