// The Preferences tab: four switches saved in this browser until the server has a preferences API.
import type { CurrentUser, UserPreferences } from "@forum/contracts";
import { Button, Group, Paper, Stack, Switch, Text, Title } from "@mantine/core";
import { useState } from "react";
import { toastError, toastSuccess } from "../../lib/toast";
import { loadPreferences, savePreferences } from "./preferencesStore";

const SWITCHES: { key: keyof UserPreferences; label: string }[] = [
  { key: "emailNotifications", label: "Email Notifications" },
  { key: "replyNotifications", label: "Reply Notifications" },
  { key: "weeklyDigest", label: "Weekly Digest" },
  { key: "showProfileInPosts", label: "Show Profile in Posts" },
];

export function PreferencesSettings({ user }: { user: CurrentUser }) {
  const [preferences, setPreferences] = useState(() => loadPreferences(user.id, user.preferences));

  const save = () => {
    if (savePreferences(user.id, preferences)) {
      toastSuccess("Preferences Saved", "Your preferences are saved in this browser.");
    } else {
      toastError("Preferences Not Saved", "This browser does not allow saving preferences.");
    }
  };

  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }}>
      <Title order={2} size="h4" mb={4}>
        Preferences
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        These settings are stored in this browser only.
      </Text>
      <Stack gap="md">
        {SWITCHES.map((item) => (
          <Switch
            key={item.key}
            label={item.label}
            checked={preferences[item.key]}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              setPreferences((current) => ({ ...current, [item.key]: checked }));
            }}
          />
        ))}
      </Stack>
      <Group justify="flex-end" mt="lg">
        <Button onClick={save}>Save Preferences</Button>
      </Group>
    </Paper>
  );
}
