// Home feed (/): Latest Discussions with a sort kept in the URL and a sidebar ad. Signed-in members
// also get "Unread" beside the sorts: the discussions with replies they have not read, with
// "Mark all as read".
import { type PostSort, READ_STATE_MESSAGES } from "@forum/contracts";
import { Box, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useCurrentUser } from "../auth/useCurrentUser";
import { AdSlot } from "../components/ads/AdSlot";
import { PostFeed } from "../components/browse/PostFeed";
import { type Choice, ChoiceSelect, useUrlChoice } from "../components/browse/SortSelect";
import { useOpenCreatePost } from "../components/create-post/CreatePostContext";
import { MarkAllReadButton } from "../components/reading/MarkAllReadButton";
import { Breadcrumbs } from "../components/ui/Breadcrumbs";
import { PageTitle } from "../components/ui/PageTitle";

type HomeChoice = PostSort | "unread";

const SORTS: Choice<PostSort>[] = [
  { value: "hot", label: "Hot" },
  { value: "new", label: "New" },
  { value: "top", label: "Top" },
  // The spec labels the controversial sort "Trending".
  { value: "controversial", label: "Trending" },
];
const MEMBER_CHOICES: Choice<HomeChoice>[] = [...SORTS, { value: "unread", label: READ_STATE_MESSAGES.unreadChoice }];

export default function HomePage() {
  const openCreatePost = useOpenCreatePost();
  const { user } = useCurrentUser();
  const choices: Choice<HomeChoice>[] = user ? MEMBER_CHOICES : SORTS;
  const [choice, setChoice] = useUrlChoice<HomeChoice>("sort", choices, "hot");
  const unread = choice === "unread";
  return (
    // Two columns on wide screens (global.css), without Mantine's Grid: the first download stays small.
    <div className="home-columns">
      <div>
        <Breadcrumbs items={[{ label: "Home", to: "/" }, { label: "All Discussions" }]} />
        <Group justify="space-between" mb="md" wrap="wrap" gap="sm">
          <PageTitle>Latest Discussions</PageTitle>
          <Group gap="sm">
            <ChoiceSelect label="Sort discussions" name="sort" choices={choices} value={choice} onChange={setChoice} />
            {unread && <MarkAllReadButton />}
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => openCreatePost()}>
              Start Discussion
            </Button>
          </Group>
        </Group>
        <PostFeed
          query={unread ? { sortBy: "new", filter: "unread" } : { sortBy: choice }}
          empty={
            unread ? (
              <Paper withBorder p="xl" ta="center">
                <Text c="dimmed">{READ_STATE_MESSAGES.allRead}</Text>
              </Paper>
            ) : (
              <Paper withBorder p="xl" ta="center">
                <Stack align="center" gap="sm">
                  <Title order={2} size="h3">
                    No posts yet
                  </Title>
                  <Text c="dimmed">Be the first to start a discussion.</Text>
                  <Button onClick={() => openCreatePost()}>Create First Post</Button>
                </Stack>
              </Paper>
            )
          }
        />
      </div>
      <Box visibleFrom="lg">
        <AdSlot placement="sidebar" />
      </Box>
    </div>
  );
}
