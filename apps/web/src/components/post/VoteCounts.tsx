// Upvote and downvote counts shown without any action (replies).
import { Group, Text, VisuallyHidden } from "@mantine/core";
import { IconArrowBigDown, IconArrowBigUp } from "@tabler/icons-react";

export function VoteCounts({ upvotes, downvotes }: { upvotes: number; downvotes: number }) {
  return (
    <Group gap="md" c="dimmed">
      <Group gap={4} title="Upvotes">
        <IconArrowBigUp size={16} aria-hidden />
        <Text size="sm" span>
          {upvotes} <VisuallyHidden>upvotes</VisuallyHidden>
        </Text>
      </Group>
      <Group gap={4} title="Downvotes">
        <IconArrowBigDown size={16} aria-hidden />
        <Text size="sm" span>
          {downvotes} <VisuallyHidden>downvotes</VisuallyHidden>
        </Text>
      </Group>
    </Group>
  );
}
