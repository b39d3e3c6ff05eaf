// User profile (/u/{username}): who the member is, their numbers, and their posts and replies.
import { Center, Loader, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { LoadFailedState } from "../components/browse/LoadFailedState";
import { ProfileActivity } from "../components/browse/ProfileActivity";
import { ProfileHeader } from "../components/browse/ProfileHeader";
import { Breadcrumbs } from "../components/ui/Breadcrumbs";
import { httpStatusOf, useTRPC } from "../lib/trpc";

export default function ProfilePage() {
  const { username = "" } = useParams();
  const trpc = useTRPC();
  const profile = useQuery(trpc.users.profile.queryOptions({ username }));

  if (profile.isPending) {
    return (
      <Center py={80}>
        <Stack align="center" gap="sm">
          <Loader size="sm" aria-hidden />
          <Text c="dimmed">Loading profile...</Text>
        </Stack>
      </Center>
    );
  }
  if (profile.isError) {
    const missing = httpStatusOf(profile.error) === 404;
    return (
      <LoadFailedState
        title={missing ? "User not found" : "Profile could not be loaded"}
        debug={`username: "${username}"${missing ? "" : ` · ${profile.error.message}`}`}
        onRetry={missing ? undefined : () => void profile.refetch()}
      />
    );
  }
  return (
    <Stack gap="lg" maw={960} mx="auto">
      <div>
        <Breadcrumbs items={[{ label: "Home", to: "/" }, { label: `@${profile.data.username}` }]} />
        <ProfileHeader profile={profile.data} />
      </div>
      {/* Keyed so another member's profile starts again from the first page and tab state. */}
      <ProfileActivity key={profile.data.username} profile={profile.data} />
    </Stack>
  );
}
