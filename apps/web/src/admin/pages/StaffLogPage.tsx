// Staff log (/admin/staff-log): what moderators and admins did, newest first, filtered by staff
// member, action and target (kept in the address), 50 at a time with "Older entries". Read only:
// nothing here (or anywhere in the forum) edits or deletes an entry.
import { STAFF_LOG_MESSAGES } from "@forum/contracts";
import { Button, Center, Skeleton, Stack } from "@mantine/core";
import { useQueries } from "@tanstack/react-query";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { useTRPC } from "../../lib/trpc";
import { AdminEmptyState } from "../AdminEmptyState";
import { AdminPageHeader } from "../AdminPageHeader";
import { LoadFailed } from "../LoadFailed";
import { StaffLogEntryCard } from "../staffLog/StaffLogEntryCard";
import { StaffLogFilters } from "../staffLog/StaffLogFilters";
import {
  filterFromSearch,
  inputOf,
  isFiltered,
  type StaffLogFilter,
  searchFromFilter,
} from "../staffLog/staffLogFilter";

export default function StaffLogPage() {
  const [search, setSearch] = useSearchParams();
  const filter = filterFromSearch(search);
  return (
    <>
      <AdminPageHeader
        title={STAFF_LOG_MESSAGES.title}
        subtitle="What moderators and admins did, newest first. Entries cannot be edited or deleted."
      />
      <StaffLogFilters filter={filter} onChange={(next) => setSearch(searchFromFilter(next), { replace: true })} />
      {/* A new filter starts again from the newest entry. */}
      <StaffLogEntries key={searchFromFilter(filter).toString()} filter={filter} />
    </>
  );
}

function StaffLogEntries({ filter }: { filter: StaffLogFilter }) {
  const trpc = useTRPC();
  // The `before` of each page shown: the first page has none.
  const [pageStarts, setPageStarts] = useState<(number | undefined)[]>([undefined]);
  const pages = useQueries({
    queries: pageStarts.map((before) => trpc.staffLog.list.queryOptions(inputOf(filter, before))),
  });
  const first = pages[0];
  const last = pages[pages.length - 1];
  if (!first || !last || first.isPending) return <Skeleton height={240} />;
  if (first.isError) return <LoadFailed what="staff log" onRetry={() => void first.refetch()} />;
  const entries = pages.flatMap((page) => page.data?.entries ?? []);
  if (entries.length === 0) {
    return (
      <AdminEmptyState
        title={isFiltered(filter) ? STAFF_LOG_MESSAGES.emptyFiltered : STAFF_LOG_MESSAGES.empty}
        text={
          isFiltered(filter)
            ? "Try another staff member, action or target"
            : "Bans, edits, deletions and setting changes show here"
        }
      />
    );
  }
  const older = last.data?.nextBefore ?? null;
  return (
    <Stack gap="sm">
      <Stack gap="sm" component="ol" m={0} p={0} aria-label="Staff actions">
        {entries.map((entry) => (
          <StaffLogEntryCard key={entry.id} entry={entry} />
        ))}
      </Stack>
      {last.isError && <LoadFailed what="older entries" onRetry={() => void last.refetch()} />}
      {(older !== null || last.isPending) && (
        <Center>
          <Button
            variant="default"
            loading={last.isPending}
            onClick={() => older !== null && setPageStarts((starts) => [...starts, older])}
          >
            Older entries
          </Button>
        </Center>
      )}
    </Stack>
  );
}
