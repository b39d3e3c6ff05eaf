// Who wrote a post or reply, and when: avatar, @username linking to the profile, date.
import type { AuthorView } from "@forum/contracts";
import { Anchor, Group, type MantineSize, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import { formatDate } from "../../lib/format";
import { UserAvatar } from "../UserAvatar";

type Props = { author: AuthorView | null; createdAt: string; date: string; avatarSize?: MantineSize };

export function AuthorByline({ author, createdAt, date, avatarSize = "md" }: Props) {
  return (
    <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
      <UserAvatar user={author} size={avatarSize} />
      <Stack gap={0} style={{ minWidth: 0 }}>
        {author ? (
          <Anchor component={Link} to={`/u/${author.username}`} fw={600} size="sm" truncate>
            @{author.username}
          </Anchor>
        ) : (
          <Text fw={600} size="sm">
            Unknown
          </Text>
        )}
        <Text component="time" dateTime={createdAt} title={formatDate(createdAt)} size="xs" c="dimmed">
          {date}
        </Text>
      </Stack>
    </Group>
  );
}
