// Mail (/admin/mail): whether SMTP is configured and its last error, a test mail, the forum's
// settings (whether posting needs a confirmed address), when the weekly digest goes out, and the
// outbox, newest first, paged, filtered by state; kept mail (no SMTP) is read here, links included.
import { MAIL_STATES, type MailStateName } from "@forum/contracts";
import { Pagination, SegmentedControl, Skeleton, Stack } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "../../lib/trpc";
import { useToastedMutation } from "../../lib/useToastedMutation";
import { AdminEmptyState } from "../AdminEmptyState";
import { AdminPageHeader } from "../AdminPageHeader";
import { LoadFailed } from "../LoadFailed";
import { DigestScheduleCard } from "../mail/DigestScheduleCard";
import { ForumSettingsCard } from "../mail/ForumSettingsCard";
import { MailStatusCard } from "../mail/MailStatusCard";
import { OutboxMailCard } from "../mail/OutboxMailCard";

const PAGE_SIZE = 20;
type Filter = MailStateName | "all";

export default function MailPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<Filter>("all");
  const [page, setPage] = useState(1);
  const status = useQuery(trpc.mail.status.queryOptions());
  const outbox = useQuery(
    trpc.mail.outbox.queryOptions({
      ...(filter === "all" ? {} : { state: filter }),
      offset: (page - 1) * PAGE_SIZE,
      limit: PAGE_SIZE,
    }),
  );
  const retry = useToastedMutation(trpc.mail.retry.mutationOptions(), {
    success: (answer) => answer.message,
    failure: "Failed to retry the mail",
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.mail.pathKey() }),
  });
  return (
    <>
      <AdminPageHeader title="Mail" subtitle="The forum's outgoing mail, newest first" />
      <Stack gap="md">
        {status.data && <MailStatusCard status={status.data} />}
        <ForumSettingsCard />
        <DigestScheduleCard />
        <SegmentedControl
          aria-label="Show mail"
          value={filter}
          onChange={(value) => {
            setFilter(value as Filter);
            setPage(1);
          }}
          data={[{ value: "all", label: "All" }, ...MAIL_STATES.map((state) => ({ value: state, label: state }))]}
        />
        {outbox.isPending ? (
          <Skeleton height={80} />
        ) : outbox.isError ? (
          <LoadFailed what="mail" onRetry={() => void outbox.refetch()} />
        ) : outbox.data.mails.length === 0 ? (
          <AdminEmptyState title="No mail" text="Mail the forum sends will appear here" />
        ) : (
          outbox.data.mails.map((mail) => (
            <OutboxMailCard
              key={mail.id}
              mail={mail}
              busy={retry.isPending}
              onRetry={() => retry.mutate({ id: mail.id })}
            />
          ))
        )}
        {outbox.data && outbox.data.total > PAGE_SIZE && (
          <Pagination total={Math.ceil(outbox.data.total / PAGE_SIZE)} value={page} onChange={setPage} />
        )}
      </Stack>
    </>
  );
}
