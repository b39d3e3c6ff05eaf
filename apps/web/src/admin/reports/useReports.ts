// The Reports screen's data: the open reports, their count (the admin menu's badge) and the
// resolution call, which refreshes both and every list that may show the deleted content.
import type { ReportAction } from "@forum/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useRefreshPostLists } from "../../components/post/postCache";
import { useTRPC } from "../../lib/trpc";
import { useToastedMutation } from "../../lib/useToastedMutation";

export function useOpenReports() {
  const trpc = useTRPC();
  return useQuery(trpc.reports.open.queryOptions());
}

/** How many reports are open; 0 while unknown. */
export function useOpenReportsCount(): number {
  const trpc = useTRPC();
  return useQuery(trpc.reports.openCount.queryOptions()).data?.count ?? 0;
}

const DONE: Record<ReportAction, (kind: "post" | "reply") => string> = {
  dismiss: () => "Reports dismissed",
  delete: (kind) => (kind === "post" ? "Post deleted successfully" : "Reply deleted successfully"),
  ban: () => "User banned successfully",
};

export function useResolveReports() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refreshLists = useRefreshPostLists();
  return useToastedMutation(trpc.reports.resolve.mutationOptions(), {
    success: (_result, input) => DONE[input.action](input.postId === undefined ? "reply" : "post"),
    failure: "Failed to resolve the reports",
    onSuccess: (_result, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.reports.pathKey() }),
        input.action === "dismiss" ? undefined : refreshLists({ categories: true }),
      ]),
  });
}
