// Ad Management (/admin/ads): every advertisement with its counters, and the ad settings.
import { Stack } from "@mantine/core";
import { AdminPageHeader } from "../AdminPageHeader";
import { AdSettingsCard } from "../ads/AdSettingsCard";
import { AdsSection } from "../ads/AdsSection";

export default function AdsPage() {
  return (
    <>
      <AdminPageHeader title="Ad Management" subtitle="Create, edit and track advertisements" />
      <Stack gap="lg">
        <AdsSection />
        <AdSettingsCard />
      </Stack>
    </>
  );
}
