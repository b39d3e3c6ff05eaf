// The Preferences tab: four switches saved to the account (GET/PUT /api/users/me/preferences).
// Reply Notifications decides whether replies notify you; Show Profile in Posts whether your name
// and picture appear with your posts and replies; Email Notifications whether unread replies and
// mentions are mailed; Weekly Digest whether the week's most active discussions are (both only to
// a confirmed address, and each turned off by its mail's unsubscribe link too). Each switch is saved as it changes, with
// a toast (issue 25: a changed switch was lost without a word when the member left the tab before
// pressing Save Preferences); a switch the server refused goes back to what is saved. Each save
// sends only its own switch, and what is shown is the member's own taps from the first one on: a
// quick second tap is never undone by the answer to the first.
import type { UserPreferences } from "@forum/contracts";
import { Paper, Skeleton, Stack, Switch, Text, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "../../lib/trpc";
import { useToastedMutation } from "../../lib/useToastedMutation";

type SwitchSpec = { key: keyof UserPreferences; label: string; description: string };

const SWITCHES: SwitchSpec[] = [
  {
    key: "emailNotifications",
    label: "Email Notifications",
    description: "Email me about replies and mentions I have not read yet",
  },
  {
    key: "replyNotifications",
    label: "Reply Notifications",
    description: "Tell me when someone replies to my posts or in discussions I replied to (mentions always notify)",
  },
  {
    key: "weeklyDigest",
    label: "Weekly Digest",
    description: "A weekly email of the most active discussions I have not joined",
  },
  {
    key: "showProfileInPosts",
    label: "Show Profile in Posts",
    description: "Show my name and profile picture with my posts and replies; off shows only my username",
  },
];

export function PreferencesSettings() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const stored = useQuery(trpc.users.preferences.queryOptions());
  // Null until the member taps; then the switches as tapped, whatever answers arrive meanwhile.
  const [tapped, setTapped] = useState<UserPreferences | null>(null);
  const draft = tapped ?? stored.data ?? null;
  const save = useToastedMutation(trpc.users.updatePreferences.mutationOptions(), {
    success: { title: "Preferences Saved", message: "Your preferences have been saved." },
    failure: () => {
      setTapped(null);
      void queryClient.invalidateQueries({ queryKey: trpc.users.preferences.queryKey() });
      return { title: "Preferences Not Saved", message: "Failed to save your preferences. Please try again." };
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(trpc.users.preferences.queryKey(), saved);
      // Posts show the author's name and picture by this choice.
      void queryClient.invalidateQueries();
    },
  });

  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }}>
      <Title order={2} size="h4" mb="md">
        Preferences
      </Title>
      {!draft ? (
        stored.isError ? (
          <Text c="dimmed">Your preferences could not be loaded.</Text>
        ) : (
          <Stack gap="md">
            {SWITCHES.map((item) => (
              <Skeleton key={item.key} height={24} width="60%" />
            ))}
          </Stack>
        )
      ) : (
        <Stack gap="md">
          {SWITCHES.map((item) => (
            <Switch
              key={item.key}
              label={item.label}
              description={item.description}
              checked={draft[item.key]}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                setTapped({ ...draft, [item.key]: checked });
                save.mutate({ [item.key]: checked });
              }}
            />
          ))}
          <Text size="sm" c="dimmed">
            Each change is saved at once. Email goes only to a confirmed address.
          </Text>
        </Stack>
      )}
    </Paper>
  );
}
