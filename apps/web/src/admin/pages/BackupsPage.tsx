// Backups (/admin/backups, admins only): the backups the server keeps, newest first, with their
// size and time and a download link each, "Back up now", and how the server is set up to take
// them (FORUM_BACKUP_DIR, FORUM_BACKUP_EVERY, FORUM_BACKUP_KEEP; README "Backups").
import type { BackupList } from "@forum/contracts";
import { Button, Skeleton, Stack, Text } from "@mantine/core";
import { IconDatabaseExport } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { plural } from "../../lib/format";
import { useTRPC } from "../../lib/trpc";
import { useToastedMutation } from "../../lib/useToastedMutation";
import { AdminEmptyState } from "../AdminEmptyState";
import { AdminPageHeader } from "../AdminPageHeader";
import { BackupRow } from "../backups/BackupRow";
import { LoadFailed } from "../LoadFailed";

function settingsText(list: BackupList): string {
  const schedule = list.every
    ? `The server takes one every ${list.every}.`
    : "The server takes none by itself (set FORUM_BACKUP_EVERY to schedule them).";
  return `${schedule} Kept in ${list.directory}: the last ${plural(list.keep, "backup", "backups")}.`;
}

export default function BackupsPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.backups.list.queryOptions());
  const backUp = useToastedMutation(trpc.backups.create.mutationOptions(), {
    success: (answer) => answer.message,
    failure: "The backup could not be written",
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.backups.list.queryKey() }),
  });
  return (
    <>
      <AdminPageHeader
        title="Backups"
        subtitle="The database, the uploads and the server key, in one file each"
        actions={
          <Button
            leftSection={<IconDatabaseExport size={18} aria-hidden />}
            onClick={() => backUp.mutate()}
            loading={backUp.isPending}
          >
            Back up now
          </Button>
        }
      />
      <Stack gap="md">
        {list.isPending ? (
          <Skeleton height={80} />
        ) : list.isError ? (
          <LoadFailed what="backups" onRetry={() => void list.refetch()} />
        ) : (
          <>
            <Text c="dimmed" size="sm" style={{ overflowWrap: "anywhere" }}>
              {settingsText(list.data)}
            </Text>
            {list.data.backups.length === 0 ? (
              <AdminEmptyState title="No backups yet" text='"Back up now" writes the first one' />
            ) : (
              <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: "none" }} aria-label="Backups">
                {list.data.backups.map((backup) => (
                  <BackupRow key={backup.name} backup={backup} />
                ))}
              </Stack>
            )}
          </>
        )}
      </Stack>
    </>
  );
}
