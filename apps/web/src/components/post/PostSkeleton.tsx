// The post screen's shape while the post loads: breadcrumb, badges, title, byline, body, votes.
import { Card, Group, Skeleton, Stack } from "@mantine/core";

export function PostSkeleton() {
  return (
    <Stack gap="lg" aria-busy aria-label="Loading post">
      <Skeleton height={14} width={260} maw="100%" />
      <Card withBorder padding="lg" radius="md" aria-hidden>
        <Stack gap="md">
          <Group gap="xs">
            <Skeleton height={20} width={90} radius="xl" />
          </Group>
          <Skeleton height={28} width="75%" />
          <Group gap="sm" wrap="nowrap">
            <Skeleton height={38} circle />
            <Stack gap={6}>
              <Skeleton height={12} width={120} />
              <Skeleton height={10} width={80} />
            </Stack>
          </Group>
          <Stack gap={8}>
            <Skeleton height={12} />
            <Skeleton height={12} />
            <Skeleton height={12} />
            <Skeleton height={12} width="60%" />
          </Stack>
          <Group gap="sm">
            <Skeleton height={34} width={70} />
            <Skeleton height={34} width={70} />
          </Group>
        </Stack>
      </Card>
      <Skeleton height={150} radius="md" />
    </Stack>
  );
}
