// The post itself: badges, title, author and date, actions, the body formatted, votes, counts.
import type { PostView } from "@forum/contracts";
import { Badge, Card, Divider, Group, Stack, Text } from "@mantine/core";
import { IconEye, IconLock, IconMessageCircle, IconPin } from "@tabler/icons-react";
import { useId, useRef } from "react";
import { formatDate, plural } from "../../lib/format";
import { FormattedText } from "../markdown/FormattedText";
import { CategoryBadge } from "../ui/CategoryBadge";
import { PageTitle } from "../ui/PageTitle";
import { AuthorByline } from "./AuthorByline";
import { PostActions } from "./PostActions";
import { QuoteButton } from "./QuoteButton";
import { ReportButton } from "./ReportButton";
import { VoteButtons } from "./VoteButtons";

export function PostDetail({ post }: { post: PostView }) {
  const titleId = useId();
  const body = useRef<HTMLDivElement>(null);
  return (
    <Card withBorder padding="lg" radius="md" component="article" aria-labelledby={titleId}>
      <Stack gap="md">
        {(post.category || post.featured || post.pinned || post.locked) && (
          <Group gap="xs">
            <CategoryBadge category={post.category} />
            {post.featured && (
              <Badge color="yellow" variant="filled">
                FEATURED
              </Badge>
            )}
            {post.pinned && (
              <Badge color="teal" variant="light" leftSection={<IconPin size={12} aria-hidden />}>
                Pinned
              </Badge>
            )}
            {post.locked && (
              <Badge color="gray" variant="light" leftSection={<IconLock size={12} aria-hidden />}>
                Locked
              </Badge>
            )}
          </Group>
        )}
        <PageTitle
          id={titleId}
          style={{ overflowWrap: "anywhere", fontSize: "clamp(1.375rem, 1.1rem + 1.2vw, 1.75rem)" }}
        >
          {post.title}
        </PageTitle>
        <Group justify="space-between" gap="sm">
          <AuthorByline
            author={post.author}
            createdAt={post.createdAt}
            date={formatDate(post.createdAt)}
            editedAt={post.editedAt}
          />
          <PostActions post={post} />
        </Group>
        <div ref={body}>
          <FormattedText text={post.content} />
        </div>
        <Divider />
        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            <VoteButtons post={post} />
            <QuoteButton author={post.author?.username ?? null} source={post.content} content={body} />
          </Group>
          <Group gap="md" c="dimmed">
            <ReportButton target={{ postId: post.id }} authorId={post.authorId} subject="this post" />
            <Group gap={4}>
              <IconMessageCircle size={16} aria-hidden />
              <Text size="sm">{plural(post.replyCount, "reply", "replies")}</Text>
            </Group>
            <Group gap={4}>
              <IconEye size={16} aria-hidden />
              <Text size="sm">{plural(post.views, "view", "views")}</Text>
            </Group>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}
