// A post in any list (spec: Post card).
import type { PostCardView } from "@forum/contracts";
import { Anchor, Badge, Button, Card, Group, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { IconArrowBigUp, IconEye, IconMessageCircle, IconPin } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { relativeTime } from "../../lib/format";
import { ByAuthor } from "../ui/ByAuthor";
import { CategoryBadge } from "../ui/CategoryBadge";
import { UserAvatar } from "../ui/UserAvatar";

export function PostCard({ post, badge, compact }: { post: PostCardView; badge?: ReactNode; compact?: boolean }) {
  const href = `/posts/${post.slug}`;
  return (
    <Card withBorder padding="lg" component="article" aria-label={post.title}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <UserAvatar user={post.author} size="md" />
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            {badge}
            {post.pinned && (
              // The post page's pin (an emoji showed as an empty box where no emoji font is installed).
              <Badge color="teal" variant="light" leftSection={<IconPin size={12} aria-hidden />}>
                Pinned
              </Badge>
            )}
            <CategoryBadge category={post.category} />
            {post.featured && (
              <Badge color="yellow" variant="filled">
                FEATURED
              </Badge>
            )}
            <Text size="sm" c="dimmed" suppressHydrationWarning>
              {relativeTime(post.createdAt)}
            </Text>
            <ByAuthor author={post.author} />
          </Group>
          <Title order={2} size="h4" style={{ overflowWrap: "anywhere" }}>
            <Anchor component={Link} to={href} c="inherit" underline="hover">
              {post.title}
            </Anchor>
          </Title>
          {!compact && (
            <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
              {post.summary}
            </Text>
          )}
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Group gap="md">
              <Stat icon={<IconArrowBigUp size={16} aria-hidden />} label="votes" value={post.votes} />
              <Stat icon={<IconMessageCircle size={16} aria-hidden />} label="replies" value={post.replyCount} />
              <Stat icon={<IconEye size={16} aria-hidden />} label="views" value={post.views} />
            </Group>
            {/* The title is part of the link's text, not only of an aria-label: twenty links reading
                "Read More" say nothing apart in a list of links or to a search engine. */}
            <Button component={Link} to={href} variant="subtle" size="compact-sm">
              Read More<VisuallyHidden>{` about ${post.title}`}</VisuallyHidden>
            </Button>
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}

function Stat({ icon, label, value }: { icon: ReactNode; label: string; value: number }) {
  return (
    <Group gap={4} c="dimmed" title={label}>
      {icon}
      <Text size="sm" span>
        {value} <VisuallyHidden>{label}</VisuallyHidden>
      </Text>
    </Group>
  );
}
