// "Download my data" on Settings → Profile (issue 30): ask for a zip of everything the forum keeps
// of the member, watch it being prepared (the server builds it in the background; the card asks
// again every few seconds meanwhile), then download it while it is offered (7 days). One request
// a day: the button says when the next one is possible, and the server's 429 says the same.
import type { DataExportStatus } from "@forum/contracts";
import { Alert, Button, Group, Loader, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconDownload, IconFileZip } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { formatDateTime, formatSize, relativeTime } from "../../lib/format";
import { useTRPC } from "../../lib/trpc";
import { useToastedMutation } from "../../lib/useToastedMutation";

const POLL_WHILE_PREPARING_MS = 3_000;

export function DataExportCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const status = useQuery({
    ...trpc.dataExport.status.queryOptions(),
    refetchInterval: (query) => (query.state.data?.export?.state === "preparing" ? POLL_WHILE_PREPARING_MS : false),
  });
  const request = useToastedMutation(trpc.dataExport.request.mutationOptions(), {
    success: (answer) => answer.message,
    failure: "Your data could not be requested",
    onSuccess: (answer) => {
      const { message: _message, ...next } = answer;
      queryClient.setQueryData(trpc.dataExport.status.queryKey(), next);
    },
  });
  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }} component="section" aria-labelledby="data-export-title">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconFileZip size={22} aria-hidden />
          <Title order={2} size="h4" id="data-export-title">
            Download my data
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          Get a copy of what you have here: your profile, preferences, posts, replies, votes and notifications as JSON
          files, and your avatar, in one zip. It is prepared in the background and can be downloaded for 7 days. You can
          request it once a day.
        </Text>
        {status.isPending ? (
          <Skeleton height={60} />
        ) : status.isError ? (
          <Text c="dimmed">Your data export could not be loaded.</Text>
        ) : (
          <ExportState status={status.data} requesting={request.isPending} onRequest={() => request.mutate()} />
        )}
      </Stack>
    </Paper>
  );
}

function ExportState({
  status,
  requesting,
  onRequest,
}: {
  status: DataExportStatus;
  requesting: boolean;
  onRequest: () => void;
}) {
  const current = status.export;
  const waiting = status.nextRequestAt !== null && new Date(status.nextRequestAt).getTime() > Date.now();
  const requestButton = (
    <Stack gap={4} align="flex-start">
      <Button
        variant={current?.state === "ready" ? "default" : "filled"}
        onClick={onRequest}
        loading={requesting}
        disabled={waiting}
      >
        {current ? "Request new copy" : "Request my data"}
      </Button>
      {waiting && status.nextRequestAt && (
        <Text size="xs" c="dimmed">
          You can request again after {formatDateTime(status.nextRequestAt)}.
        </Text>
      )}
    </Stack>
  );
  if (!current) return requestButton;
  switch (current.state) {
    case "preparing":
      return (
        <Alert variant="light" color="blue" role="status" aria-live="polite">
          <Group gap="sm" wrap="nowrap">
            <Loader size="sm" aria-hidden />
            <Text size="sm">
              Your data is being prepared (requested{" "}
              <span suppressHydrationWarning>{relativeTime(current.requestedAt).toLowerCase()}</span>). This usually
              takes a moment; you can leave this page.
            </Text>
          </Group>
        </Alert>
      );
    case "ready":
      return (
        <Stack gap="sm">
          <Paper withBorder p="sm" bg="var(--mantine-color-default-hover)">
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={600}>Your data is ready</Text>
                <Text size="sm" c="dimmed">
                  {current.sizeBytes !== null && `${formatSize(current.sizeBytes)} zip · `}
                  Available until {current.expiresAt ? formatDateTime(current.expiresAt) : "soon"}
                </Text>
              </Stack>
              {current.downloadUrl && (
                <Button
                  component="a"
                  href={current.downloadUrl}
                  download
                  leftSection={<IconDownload size={16} aria-hidden />}
                >
                  Download
                </Button>
              )}
            </Group>
          </Paper>
          {requestButton}
        </Stack>
      );
    case "expired":
      return (
        <Stack gap="sm">
          <Text size="sm">
            Your last copy expired{current.expiresAt ? ` on ${formatDateTime(current.expiresAt)}` : ""} and was deleted.
          </Text>
          {requestButton}
        </Stack>
      );
    case "failed":
      return (
        <Stack gap="sm">
          <Alert variant="light" color="red" role="alert">
            Your data could not be prepared. Please request it again.
          </Alert>
          {requestButton}
        </Stack>
      );
  }
}
