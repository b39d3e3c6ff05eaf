// The newest posts: title (to the post), author, category, upvotes and views.
import { Anchor, Group, Stack, Text } from "@mantine/core";
import { IconArrowBigUp, IconEye, IconMessagePlus } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { SideCard } from "../../components/browse/SideCard";
import { plural } from "../../lib/format";
import { useTRPC } from "../../lib/trpc";
import { ColorDot } from "../categories/ColorDot";

export function RecentPostsCard() {
  const trpc = useTRPC();
  const posts = useQuery(trpc.admin.recentPosts.queryOptions());
  const emptyText = posts.isError
    ? "Recent posts could not be loaded"
    : posts.data?.length === 0
      ? "No posts yet"
      : undefined;
  return (
    <SideCard
      title="Recent Posts"
      icon={<IconMessagePlus size={18} aria-hidden />}
      loading={posts.isPending}
      emptyText={emptyText}
    >
      {posts.data?.map((post) => (
        <Stack component="li" key={post.id} gap={2}>
          <Anchor component={Link} to={`/posts/${post.slug}`} size="sm" fw={600} lineClamp={2}>
            {post.title}
          </Anchor>
          <Group gap="sm" wrap="wrap">
            <Meta>by {post.author?.username ?? "Unknown"}</Meta>
            <Meta icon={post.category && <ColorDot color={post.category.color} size={8} />}>
              {post.category?.name ?? "No Category"}
            </Meta>
            <Meta icon={<IconArrowBigUp size={14} aria-hidden />}>
              {plural(post.upvotes ?? 0, "upvote", "upvotes")}
            </Meta>
            <Meta icon={<IconEye size={14} aria-hidden />}>{plural(post.views ?? 0, "view", "views")}</Meta>
          </Group>
        </Stack>
      ))}
    </SideCard>
  );
}

function Meta({ icon, children }: { icon?: ReactNode; children: ReactNode }) {
  return (
    <Group gap={4} wrap="nowrap" c="dimmed">
      {icon}
      <Text size="xs" c="dimmed">
        {children}
      </Text>
    </Group>
  );
}
