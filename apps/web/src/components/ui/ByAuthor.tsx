// "by @username" linking to the profile, or "by Unknown": the byline of a card in a list.
import { type AuthorView, DELETED_MEMBER } from "@forum/contracts";
import { Anchor, Text } from "@mantine/core";
import { Link } from "react-router";

export function ByAuthor({ author }: { author: Pick<AuthorView, "username"> | null }) {
  return (
    <Text size="sm" c="dimmed">
      by{" "}
      {author?.username === DELETED_MEMBER ? (
        DELETED_MEMBER
      ) : author ? (
        <Anchor component={Link} to={`/u/${author.username}`} size="sm">
          @{author.username}
        </Anchor>
      ) : (
        "Unknown"
      )}
    </Text>
  );
}
