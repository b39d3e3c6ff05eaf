// "Ad Settings": whether ads show at all, the AdSense publisher id, and how many posts come
// between two feed ads (a whole number from 1 to 10: anything else is refused next to the field,
// with the same rule the server holds).
import { type AdSettingsView, adsBetweenPostsField } from "@forum/contracts";
import { Button, Group, NumberInput, Paper, Skeleton, Stack, Switch, TextInput, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "../../lib/trpc";
import { useUpdateAdSettings } from "./useAdMutations";

export function AdSettingsCard() {
  const trpc = useTRPC();
  const settings = useQuery(trpc.ads.settings.queryOptions());
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="ad-settings-title">
      <Title order={2} size="h3" id="ad-settings-title" mb="sm">
        Ad Settings
      </Title>
      {settings.data ? (
        <AdSettingsForm settings={settings.data} />
      ) : (
        <Stack gap="sm" aria-busy="true" aria-label="Loading ad settings">
          <Skeleton height={24} width={160} />
          <Skeleton height={56} />
          <Skeleton height={56} />
        </Stack>
      )}
    </Paper>
  );
}

function AdSettingsForm({ settings }: { settings: AdSettingsView }) {
  const save = useUpdateAdSettings();
  const [enableAds, setEnableAds] = useState(settings.enableAds);
  const [adsensePubId, setAdsensePubId] = useState(settings.adsensePubId ?? "");
  const [adsBetweenPosts, setAdsBetweenPosts] = useState<string | number>(settings.adsBetweenPosts);
  const [intervalError, setIntervalError] = useState<string | null>(null);
  const showSaved = (saved: AdSettingsView) => {
    setEnableAds(saved.enableAds);
    setAdsensePubId(saved.adsensePubId ?? "");
    setAdsBetweenPosts(saved.adsBetweenPosts);
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const interval = adsBetweenPostsField.safeParse(adsBetweenPosts);
        setIntervalError(interval.success ? null : (interval.error.issues[0]?.message ?? null));
        if (!interval.success) return;
        save.mutate(
          { enableAds, adsensePubId: adsensePubId.trim() || null, adsBetweenPosts: interval.data },
          { onSuccess: (saved) => showSaved(saved) },
        );
      }}
    >
      <Stack gap="sm" maw={560}>
        <Switch
          label="Enable Ads"
          checked={enableAds}
          onChange={(event) => setEnableAds(event.currentTarget.checked)}
        />
        <TextInput
          label="AdSense Publisher ID"
          placeholder="ca-pub-0000000000000000"
          value={adsensePubId}
          onChange={(event) => setAdsensePubId(event.currentTarget.value)}
        />
        <NumberInput
          label="Ads Between Posts"
          description="Show an ad after every N posts (1 to 10)"
          min={1}
          max={10}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          value={adsBetweenPosts}
          onChange={(value) => {
            setAdsBetweenPosts(value);
            setIntervalError(null);
          }}
          error={intervalError}
        />
        <Group justify="flex-end">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? "Saving..." : "Save Settings"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
