// The forum's own settings, on the Mail screen since the one there is about members' addresses:
// "Members must confirm their email before posting", and the staff's two-step sign-in. A switch
// saves at once (that setting alone); the server answers the saved settings, which the switches
// then show.
import { Paper, Skeleton, Stack, Switch, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../../lib/trpc";
import { useToastedMutation } from "../../lib/useToastedMutation";

export function ForumSettingsCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const settings = useQuery(trpc.forumSettings.get.queryOptions());
  const save = useToastedMutation(trpc.forumSettings.update.mutationOptions(), {
    success: "Forum settings updated successfully",
    failure: "Failed to update forum settings",
    onSuccess: (saved) => queryClient.setQueryData(trpc.forumSettings.get.queryKey(), saved),
  });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="forum-settings-title">
      <Title order={2} size="h3" id="forum-settings-title" mb="sm">
        Forum Settings
      </Title>
      {settings.data ? (
        <Stack gap="md">
          <Switch
            label="Members must confirm their email before posting"
            description="Unconfirmed members can read and vote, but their posts and replies are refused until they open the link we mailed them. Admins are exempt."
            checked={settings.data.requireConfirmedEmail}
            disabled={save.isPending}
            onChange={(event) => save.mutate({ requireConfirmedEmail: event.currentTarget.checked })}
          />
          <Switch
            label="Admins and moderators must use two-step sign-in"
            description="Staff without it are sent to Settings → Security to set it up before they can moderate or manage the forum. Turn it on for your own account first."
            checked={settings.data.requireStaffTwoStep}
            disabled={save.isPending}
            onChange={(event) => save.mutate({ requireStaffTwoStep: event.currentTarget.checked })}
          />
        </Stack>
      ) : (
        <Skeleton height={24} width={320} aria-label="Loading forum settings" />
      )}
    </Paper>
  );
}
