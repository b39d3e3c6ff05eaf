// Home feed (/): Latest Discussions with a sort kept in the URL and a sidebar ad.
import type { PostSort } from "@forum/contracts";
import { Box, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { AdSlot } from "../components/ads/AdSlot";
import { PostFeed } from "../components/browse/PostFeed";
import { type Choice, ChoiceSelect, useUrlChoice } from "../components/browse/SortSelect";
import { useOpenCreatePost } from "../components/create-post/CreatePostContext";
import { Breadcrumbs } from "../components/ui/Breadcrumbs";
import { PageTitle } from "../components/ui/PageTitle";

const SORTS: Choice<PostSort>[] = [
  { value: "hot", label: "Hot" },
  { value: "new", label: "New" },
  { value: "top", label: "Top" },
  // The spec labels the controversial sort "Trending".
  { value: "controversial", label: "Trending" },
];

export default function HomePage() {
  const openCreatePost = useOpenCreatePost();
  const [sortBy, setSortBy] = useUrlChoice("sort", SORTS, "hot");
  return (
    // Two columns on wide screens (global.css), without Mantine's Grid: the first download stays small.
    <div className="home-columns">
      <div>
        <Breadcrumbs items={[{ label: "Home", to: "/" }, { label: "All Discussions" }]} />
        <Group justify="space-between" mb="md" wrap="wrap" gap="sm">
          <PageTitle>Latest Discussions</PageTitle>
          <Group gap="sm">
            <ChoiceSelect label="Sort discussions" name="sort" choices={SORTS} value={sortBy} onChange={setSortBy} />
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => openCreatePost()}>
              Start Discussion
            </Button>
          </Group>
        </Group>
        <PostFeed
          query={{ sortBy }}
          empty={
            <Paper withBorder p="xl" ta="center">
              <Stack align="center" gap="sm">
                <Title order={2} size="h3">
                  No posts yet
                </Title>
                <Text c="dimmed">Be the first to start a discussion.</Text>
                <Button onClick={() => openCreatePost()}>Create First Post</Button>
              </Stack>
            </Paper>
          }
        />
      </div>
      <Box visibleFrom="lg">
        <AdSlot placement="sidebar" />
      </Box>
    </div>
  );
}
