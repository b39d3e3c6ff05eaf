// "Mark all as read" on the home feed's Unread choice: every discussion read to its last reply, and
// nothing posted so far "New" any more; the lists and their badges are read again.
import { READ_STATE_MESSAGES } from "@forum/contracts";
import { Button } from "@mantine/core";
import { IconChecks } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "../../lib/trpc";
import { useRefreshReading } from "./useRefreshReading";

export function MarkAllReadButton() {
  const trpc = useTRPC();
  const refreshReading = useRefreshReading();
  const markAll = useMutation(trpc.readStates.markAllRead.mutationOptions({ onSuccess: () => refreshReading() }));
  return (
    <Button
      variant="default"
      leftSection={<IconChecks size={16} aria-hidden />}
      loading={markAll.isPending}
      onClick={() => markAll.mutate()}
    >
      {READ_STATE_MESSAGES.markAllRead}
    </Button>
  );
}
