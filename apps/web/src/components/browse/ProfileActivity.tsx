// A profile's tabs: the member's posts and replies, newest first, 20 at a time.
import type { ProfileReplyView, ProfileView } from "@forum/contracts";
import { Tabs, Text } from "@mantine/core";
import { useTRPC } from "../../lib/trpc";
import { PagedList } from "./PagedList";
import { PostCard } from "./PostCard";
import { FeedSkeleton } from "./PostFeed";
import { ProfileReplyCard } from "./ProfileReplyCard";
import { type Choice, useUrlChoice } from "./SortSelect";

type Tab = "posts" | "replies";
const TABS: Choice<Tab>[] = [
  { value: "posts", label: "Posts" },
  { value: "replies", label: "Replies" },
];

export function ProfileActivity({ profile }: { profile: ProfileView }) {
  const trpc = useTRPC();
  const [tab, setTab] = useUrlChoice("tab", TABS, "posts");
  const { username } = profile;
  return (
    // The other tab's list mounts when opened: kept mounted, Mantine pre-renders it hidden (React's
    // Activity), where its query never runs, so its skeletons sat in the page.
    <Tabs value={tab} onChange={(value) => value && setTab(value as Tab)} keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="posts">Posts ({profile.postCount})</Tabs.Tab>
        <Tabs.Tab value="replies">Replies ({profile.replyCount})</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="posts">
        <PagedList
          pageQuery={(offset, limit) => trpc.users.postCards.queryOptions({ username, offset, limit })}
          renderItem={(post) => <PostCard key={post.id} post={post} />}
          empty={<EmptyText>No posts yet.</EmptyText>}
          skeleton={<FeedSkeleton />}
          errorText="Posts could not be loaded"
          loadMoreLabel="Load More Posts"
        />
      </Tabs.Panel>
      <Tabs.Panel value="replies">
        <PagedList
          pageQuery={(offset, limit) => trpc.users.replies.queryOptions({ username, offset, limit })}
          renderItem={(reply: ProfileReplyView) => <ProfileReplyCard key={reply.id} reply={reply} />}
          empty={<EmptyText>No replies yet.</EmptyText>}
          skeleton={<FeedSkeleton />}
          errorText="Replies could not be loaded"
          loadMoreLabel="Load More Replies"
        />
      </Tabs.Panel>
    </Tabs>
  );
}

function EmptyText({ children }: { children: string }) {
  return (
    <Text c="dimmed" ta="center" py="xl">
      {children}
    </Text>
  );
}
