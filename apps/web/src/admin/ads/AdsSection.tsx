// The advertisements list with its create/edit dialog, loading and empty states.
import type { AdView } from "@forum/contracts";
import { Button, Group, Paper, Title } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { EmptyState } from "../../components/browse/EmptyState";
import { LoadFailedState } from "../../components/browse/LoadFailedState";
import { useTRPC } from "../../lib/trpc";
import { AdFormDialog } from "./AdFormDialog";
import { AdsTable } from "./AdsTable";
import { AdsTableSkeleton } from "./AdsTableSkeleton";

type DialogState = { opened: boolean; ad: AdView | null };

export function AdsSection() {
  const trpc = useTRPC();
  // Without a placement an admin gets every ad, active or not.
  const ads = useQuery(trpc.ads.list.queryOptions({}));
  const [dialog, setDialog] = useState<DialogState>({ opened: false, ad: null });
  const openCreate = () => setDialog({ opened: true, ad: null });
  const openEdit = (ad: AdView) => setDialog({ opened: true, ad });

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="ads-title">
      <Group justify="space-between" mb="sm" gap="sm">
        <Title order={2} size="h3" id="ads-title">
          Advertisements
        </Title>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={openCreate}>
          Create Advertisement
        </Button>
      </Group>
      {ads.isPending ? (
        <AdsTableSkeleton />
      ) : ads.isError ? (
        <LoadFailedState title="Failed to load advertisements" onRetry={() => void ads.refetch()} />
      ) : ads.data.length === 0 ? (
        <EmptyState
          title="No advertisements yet"
          text="Create one to show it on the forum."
          actionLabel="Create Advertisement"
          onAction={openCreate}
        />
      ) : (
        <AdsTable ads={ads.data} onEdit={openEdit} />
      )}
      <AdFormDialog
        opened={dialog.opened}
        ad={dialog.ad}
        onClose={() => setDialog((current) => ({ ...current, opened: false }))}
      />
    </Paper>
  );
}
