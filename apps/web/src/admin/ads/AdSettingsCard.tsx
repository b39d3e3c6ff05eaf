// "Ad Settings": whether ads show at all, the AdSense publisher id, and how many posts come
// between two feed ads (a whole number from 1 to 10: anything else is refused next to the field,
// by the server's own schema).
import { ADS_BETWEEN_POSTS_MAX, ADS_BETWEEN_POSTS_MIN, type AdSettingsView, adSettingsInput } from "@forum/contracts";
import { Button, Group, NumberInput, Paper, Skeleton, Stack, Switch, TextInput, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../lib/trpc";
import { useSchemaForm } from "../../lib/useSchemaForm";
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

const fieldsOf = (settings: AdSettingsView) => ({
  enableAds: settings.enableAds,
  adsensePubId: settings.adsensePubId ?? "",
  adsBetweenPosts: settings.adsBetweenPosts as string | number,
});

function AdSettingsForm({ settings }: { settings: AdSettingsView }) {
  const save = useUpdateAdSettings();
  const { form, field, onSubmit } = useSchemaForm({ initialValues: fieldsOf(settings), schema: adSettingsInput });
  return (
    <form
      noValidate
      onSubmit={onSubmit((fields) => save.mutate(fields, { onSuccess: (saved) => form.setValues(fieldsOf(saved)) }))}
    >
      <Stack gap="sm" maw={560}>
        <Switch label="Enable Ads" {...field("enableAds", { type: "checkbox" })} />
        <TextInput label="AdSense Publisher ID" placeholder="ca-pub-0000000000000000" {...field("adsensePubId")} />
        <NumberInput
          label="Ads Between Posts"
          description={`Show an ad after every N posts (${ADS_BETWEEN_POSTS_MIN} to ${ADS_BETWEEN_POSTS_MAX})`}
          min={ADS_BETWEEN_POSTS_MIN}
          max={ADS_BETWEEN_POSTS_MAX}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          {...field("adsBetweenPosts")}
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
