// Adding an endpoint: its address and the events it wants. The server checks the address (https,
// public) and says what is wrong under the field; the signing secret it answers is shown once.
import { type CreatedWebhook, WEBHOOK_EVENTS, type WebhookEventName } from "@forum/contracts";
import { Button, Checkbox, Code, Group, Paper, SimpleGrid, Stack, TextInput, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { ShownOnceDialog } from "../../components/ui/ShownOnceDialog";
import { useTRPC } from "../../lib/trpc";
import { useToastedMutation } from "../../lib/useToastedMutation";

export function AddWebhookForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<string[]>(["post.created"]);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const add = useToastedMutation(trpc.webhooks.create.mutationOptions(), {
    success: "Webhook added",
    failure: (failure) => {
      setError(failure.message);
      return undefined;
    },
    onSuccess: (answer) => {
      setCreated(answer);
      setUrl("");
      setError(null);
      void queryClient.invalidateQueries({ queryKey: trpc.webhooks.pathKey() });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate({ url, events: events as WebhookEventName[] });
  };
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="add-webhook-title">
      <Title order={2} size="h3" id="add-webhook-title" mb="sm">
        Add Webhook
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Payload URL"
            placeholder="https://example.com/forum-events"
            value={url}
            onChange={(event) => setUrl(event.currentTarget.value)}
            error={error}
            required
          />
          <Checkbox.Group label="Events" value={events} onChange={setEvents} required>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} mt="xs" spacing="xs">
              {WEBHOOK_EVENTS.map((name) => (
                <Checkbox key={name} value={name} label={name} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <Group>
            <Button type="submit" loading={add.isPending} disabled={events.length === 0}>
              {add.isPending ? "Adding..." : "Add Webhook"}
            </Button>
          </Group>
        </Stack>
      </form>
      <ShownOnceDialog
        title="Webhook signing secret"
        secret={created?.secret ?? null}
        copyLabel="Copy secret"
        testId="new-webhook-secret"
        onClose={() => setCreated(null)}
      >
        Copy it now: it is shown this once. Each delivery carries <Code>X-Forum-Signature</Code>, the HMAC-SHA256 of the
        timestamp and the body with this secret (the README shows how to check it).
      </ShownOnceDialog>
    </Paper>
  );
}
