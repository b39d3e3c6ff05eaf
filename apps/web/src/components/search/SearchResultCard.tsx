// One search result: where it matched, the title and a snippet with the words marked, the post's
// category, author, age and counts.
import type { SearchResultView, SearchTerm } from "@forum/contracts";
import { Anchor, Badge, Card, Group, Stack, Text, Title } from "@mantine/core";
import { IconArrowBigUp, IconMessageCircle } from "@tabler/icons-react";
import { Link } from "react-router";
import { plural, relativeTime } from "../../lib/format";
import { ReadMarks } from "../reading/ReadMarks";
import { ByAuthor } from "../ui/ByAuthor";
import { CategoryBadge } from "../ui/CategoryBadge";
import { Highlighted } from "./Highlighted";

const MATCHED_IN = { title: "Title", content: "Post", reply: "Reply" } as const;

export function SearchResultCard({ result, terms }: { result: SearchResultView; terms: readonly SearchTerm[] }) {
  return (
    <Card withBorder padding="lg" component="article" aria-label={result.title}>
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          <Badge variant="light" color="gray" tt="none">
            Matched in {MATCHED_IN[result.matchedIn].toLowerCase()}
          </Badge>
          <ReadMarks post={result} />
          <CategoryBadge category={result.category} />
          <Text size="sm" c="dimmed" suppressHydrationWarning>
            {relativeTime(result.createdAt)}
          </Text>
          <ByAuthor author={result.author} />
        </Group>
        <Title order={3} size="h4" style={{ overflowWrap: "anywhere" }}>
          <Anchor component={Link} to={`/posts/${result.slug}`} c="inherit" underline="hover">
            <Highlighted text={result.title} terms={terms} />
          </Anchor>
        </Title>
        <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
          <Highlighted text={result.snippet} terms={terms} />
        </Text>
        <Group gap="md" c="dimmed">
          <Group gap={4}>
            <IconArrowBigUp size={16} aria-hidden />
            <Text size="sm">{plural(result.votes, "vote", "votes")}</Text>
          </Group>
          <Group gap={4}>
            <IconMessageCircle size={16} aria-hidden />
            <Text size="sm">{plural(result.replyCount, "reply", "replies")}</Text>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}
