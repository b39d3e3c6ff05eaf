// Reports (/admin/reports): the posts and replies members reported, the longest-waiting first,
// for moderators and admins to dismiss, delete, or (admins) ban the author.
import { Badge, Paper, Skeleton, Stack } from "@mantine/core";
import { useCurrentUser } from "../../auth/useCurrentUser";
import { plural } from "../../lib/format";
import { AdminEmptyState } from "../AdminEmptyState";
import { AdminPageHeader } from "../AdminPageHeader";
import { LoadFailed } from "../LoadFailed";
import { ReportCard } from "../reports/ReportCard";
import { useOpenReports, useResolveReports } from "../reports/useReports";

export default function ReportsPage() {
  const { isAdmin } = useCurrentUser();
  const reports = useOpenReports();
  const resolve = useResolveReports();
  const open = reports.data?.reduce((sum, item) => sum + item.count, 0) ?? 0;
  return (
    <>
      <AdminPageHeader
        title="Reports"
        subtitle="Posts and replies members reported, the longest-waiting first"
        actions={
          reports.isSuccess && (
            <Badge size="lg" variant="light" tt="none" aria-live="polite">
              {plural(open, "open report", "open reports")}
            </Badge>
          )
        }
      />
      <Stack gap="md">
        {reports.isPending ? (
          Array.from({ length: 3 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Paper withBorder p="md" radius="md" key={index} aria-hidden>
              <Skeleton height={16} width={160} />
              <Skeleton height={12} mt="md" />
              <Skeleton height={12} mt={8} width="60%" />
            </Paper>
          ))
        ) : reports.isError ? (
          <LoadFailed what="reports" onRetry={() => void reports.refetch()} />
        ) : reports.data.length === 0 ? (
          <AdminEmptyState title="No open reports" text="Posts and replies members report will appear here" />
        ) : (
          reports.data.map((item) => (
            <ReportCard
              key={`${item.kind}-${item.id}`}
              item={item}
              isAdmin={isAdmin}
              busy={resolve.isPending}
              onResolve={(action) =>
                resolve.mutate(item.kind === "post" ? { postId: item.id, action } : { replyId: item.id, action })
              }
            />
          ))
        )}
      </Stack>
    </>
  );
}
