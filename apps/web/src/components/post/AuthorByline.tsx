// Who wrote a post or reply, and when: avatar, @username linking to the profile, their name when
// they show their profile in posts, date. A deleted member who kept their posts: "deleted member".
import { type AuthorView, DELETED_MEMBER } from "@forum/contracts";
import { Anchor, Group, type MantineSize, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import { formatDate } from "../../lib/format";
import { UserAvatar } from "../ui/UserAvatar";
import { EditedMarker } from "./EditedMarker";

/** The name a member shows with their posts ("Show Profile in Posts" off: the API sends none). */
function fullName(author: AuthorView): string {
  return [author.firstName, author.lastName].filter(Boolean).join(" ");
}

type Props = {
  author: AuthorView | null;
  createdAt: string;
  date: string;
  /** When the text was last edited: "edited" follows the date. */
  editedAt?: string | null;
  avatarSize?: MantineSize;
};

export function AuthorByline({ author, createdAt, date, editedAt = null, avatarSize = "md" }: Props) {
  return (
    <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
      <UserAvatar user={author} size={avatarSize} />
      <Stack gap={0} style={{ minWidth: 0 }}>
        {author?.username === DELETED_MEMBER ? (
          // A deleted member's posts and replies: no profile to link to.
          <Text fw={600} size="sm" c="dimmed">
            {DELETED_MEMBER}
          </Text>
        ) : author ? (
          <Text size="sm" truncate>
            <Anchor component={Link} to={`/u/${author.username}`} fw={600} size="sm">
              @{author.username}
            </Anchor>
            {fullName(author) && (
              <Text span size="sm" c="dimmed">
                {" "}
                · {fullName(author)}
              </Text>
            )}
          </Text>
        ) : (
          <Text fw={600} size="sm">
            Unknown
          </Text>
        )}
        <Group gap={6} wrap="nowrap">
          <Text
            component="time"
            dateTime={createdAt}
            title={formatDate(createdAt)}
            size="xs"
            c="dimmed"
            suppressHydrationWarning
          >
            {date}
          </Text>
          <EditedMarker editedAt={editedAt} />
        </Group>
      </Stack>
    </Group>
  );
}
