// One post in the admin list: title, Featured, author, category, date, views, upvotes, excerpt,
// and Edit, Delete and View (the public page in a new tab).
import type { PostView } from "@forum/contracts";
import { Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { IconArrowBigUp, IconCalendar, IconExternalLink, IconEye, IconFolder, IconUser } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { EditDeleteButtons } from "../../components/ui/EditDeleteButtons";
import { formatDate, plural } from "../../lib/format";

type AdminPostCardProps = { post: PostView; onEdit: () => void; onDelete: () => void };

export function AdminPostCard({ post, onEdit, onDelete }: AdminPostCardProps) {
  return (
    <Card withBorder padding="lg" component="article" aria-label={post.title}>
      <Stack gap="xs">
        <Group gap="xs" wrap="wrap" align="center">
          <Title order={2} size="h4" style={{ overflowWrap: "anywhere" }}>
            {post.title}
          </Title>
          {post.featured && (
            <Badge color="yellow" variant="filled">
              Featured
            </Badge>
          )}
        </Group>
        <Group gap="md" wrap="wrap">
          <Meta icon={<IconUser size={14} aria-hidden />}>by {post.author?.username ?? "Unknown"}</Meta>
          <Meta icon={<IconFolder size={14} aria-hidden />}>{post.category?.name ?? "No Category"}</Meta>
          <Meta icon={<IconCalendar size={14} aria-hidden />}>{formatDate(post.createdAt)}</Meta>
          <Meta icon={<IconEye size={14} aria-hidden />}>{plural(post.views ?? 0, "view", "views")}</Meta>
          <Meta icon={<IconArrowBigUp size={14} aria-hidden />}>{plural(post.upvotes ?? 0, "upvote", "upvotes")}</Meta>
        </Group>
        <Text size="sm" style={{ overflowWrap: "anywhere" }}>
          {post.summary}
        </Text>
        <Group gap="xs" wrap="wrap" mt={4}>
          <EditDeleteButtons onEdit={onEdit} onDelete={onDelete} />
          <Button
            component="a"
            href={`/posts/${post.slug}`}
            target="_blank"
            rel="noopener noreferrer"
            variant="subtle"
            size="xs"
            leftSection={<IconExternalLink size={14} aria-hidden />}
          >
            View
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function Meta({ icon, children }: { icon?: ReactNode; children: ReactNode }) {
  return (
    <Group gap={4} wrap="nowrap" c="dimmed" style={{ minWidth: 0 }}>
      {icon}
      <Text size="sm" span style={{ overflowWrap: "anywhere" }}>
        {children}
      </Text>
    </Group>
  );
}
