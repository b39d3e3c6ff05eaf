// The top of a profile: avatar, username, role, name, contact details, bio and the member's numbers.
import type { ProfileView } from "@forum/contracts";
import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconCalendar, IconLink, IconMail, IconMapPin } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { formatDate, fullName } from "../../lib/format";
import { PageTitle } from "../ui/PageTitle";
import { RoleBadge } from "../ui/RoleBadge";
import { UserAvatar } from "../ui/UserAvatar";

/** Only web addresses become links; anything else stays text (never a javascript: URL). */
function isWebAddress(value: string) {
  return /^https?:\/\//i.test(value);
}

export function ProfileHeader({ profile }: { profile: ProfileView }) {
  const name = fullName(profile);
  return (
    <Paper withBorder p="lg">
      <Stack gap="lg">
        <Group align="flex-start" gap="lg" wrap="wrap">
          <UserAvatar user={profile} size="xl" />
          <Stack gap={6} style={{ flex: 1, minWidth: 220 }}>
            <Group gap="xs" wrap="wrap">
              <PageTitle style={{ overflowWrap: "anywhere" }}>{profile.username}</PageTitle>
              <RoleBadge role={profile.role} />
              {profile.banned && (
                <Badge color="gray" variant="filled">
                  Banned
                </Badge>
              )}
            </Group>
            {name && (
              <Text size="lg" style={{ overflowWrap: "anywhere" }}>
                {name}
              </Text>
            )}
            {profile.bio && (
              <Text c="dimmed" style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
                {profile.bio}
              </Text>
            )}
            <Group gap="md" wrap="wrap" mt={4}>
              {profile.email && <Detail icon={<IconMail size={16} aria-hidden />}>{profile.email}</Detail>}
              {profile.website && (
                <Detail icon={<IconLink size={16} aria-hidden />}>
                  {isWebAddress(profile.website) ? (
                    <Anchor href={profile.website} target="_blank" rel="noopener noreferrer nofollow" size="sm">
                      {profile.website}
                    </Anchor>
                  ) : (
                    profile.website
                  )}
                </Detail>
              )}
              {profile.location && <Detail icon={<IconMapPin size={16} aria-hidden />}>{profile.location}</Detail>}
              <Detail icon={<IconCalendar size={16} aria-hidden />}>Joined {formatDate(profile.createdAt)}</Detail>
            </Group>
          </Stack>
        </Group>
        <SimpleGrid cols={3} spacing="sm">
          <Stat label="Posts" value={profile.postCount} />
          <Stat label="Replies" value={profile.replyCount} />
          <Stat label="Reputation" value={profile.reputation} />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

function Detail({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" c="dimmed" style={{ minWidth: 0 }}>
      {icon}
      <Text size="sm" span style={{ overflowWrap: "anywhere" }}>
        {children}
      </Text>
    </Group>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <Paper withBorder p="sm" ta="center" radius="md">
      <Text fw={700} size="xl">
        {value}
      </Text>
      <Text size="xs" c="dimmed" tt="uppercase">
        {label}
      </Text>
    </Paper>
  );
}
