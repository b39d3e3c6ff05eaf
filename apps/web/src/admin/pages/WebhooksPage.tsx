// Webhooks (/admin/webhooks): endpoints that hear what happens on the forum (new posts, replies,
// members, reports), each with its recent deliveries; adding one shows its signing secret once.
import { Skeleton, Stack } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../lib/trpc";
import { AdminEmptyState } from "../AdminEmptyState";
import { AdminPageHeader } from "../AdminPageHeader";
import { LoadFailed } from "../LoadFailed";
import { AddWebhookForm } from "../webhooks/AddWebhookForm";
import { WebhookCard } from "../webhooks/WebhookCard";

export default function WebhooksPage() {
  const trpc = useTRPC();
  const webhooks = useQuery(trpc.webhooks.list.queryOptions());
  return (
    <>
      <AdminPageHeader title="Webhooks" subtitle="Tell other systems what happens on the forum, as it happens" />
      <Stack gap="md">
        <AddWebhookForm />
        {webhooks.isPending ? (
          <Skeleton height={120} />
        ) : webhooks.isError ? (
          <LoadFailed what="webhooks" onRetry={() => void webhooks.refetch()} />
        ) : webhooks.data.length === 0 ? (
          <AdminEmptyState title="No webhooks" text="Add an endpoint above to be told of new posts, replies and more" />
        ) : (
          webhooks.data.map((webhook) => <WebhookCard key={webhook.id} webhook={webhook} />)
        )}
      </Stack>
    </>
  );
}
