// Said up front where a member writes (the reply box, the new-post dialog): while the forum asks
// for confirmed addresses, an unconfirmed member's post would be refused, so they learn it before
// typing rather than on Publish. The server refuses regardless (403); Resend is in the banner above.
import { MESSAGES } from "@forum/contracts";
import { Alert } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useCurrentUser } from "../../auth/useCurrentUser";
import { useTRPC } from "../../lib/trpc";

export function ConfirmBeforePostingNotice() {
  const { user } = useCurrentUser();
  const trpc = useTRPC();
  const unconfirmed = user !== null && !user.emailConfirmed && user.role !== "admin";
  const settings = useQuery({ ...trpc.forumSettings.get.queryOptions(), enabled: unconfirmed });
  if (!unconfirmed || !settings.data?.requireConfirmedEmail) return null;
  return (
    <Alert color="yellow" variant="light" role="status" data-confirm-before-posting>
      {MESSAGES.confirmBeforePosting}
    </Alert>
  );
}
