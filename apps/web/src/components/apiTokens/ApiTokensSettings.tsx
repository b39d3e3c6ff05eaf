// The settings screen's "API tokens" tab (issue 29): make a token (name, read-only or read-write,
// expiry), see it once, list and revoke one's tokens.
import {
  API_TOKEN_EXPIRIES,
  API_TOKEN_NAME_MAX,
  type ApiTokenExpiry,
  type ApiTokenScopeName,
  type CreatedApiToken,
} from "@forum/contracts";
import { Button, Group, Paper, SegmentedControl, Select, Skeleton, Stack, Text, TextInput, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "../../lib/trpc";
import { useToastedMutation } from "../../lib/useToastedMutation";
import { ApiTokenList } from "./ApiTokenList";
import { NewApiTokenDialog } from "./NewApiTokenDialog";

const EXPIRY_LABELS: Record<ApiTokenExpiry, string> = {
  "30": "30 days",
  "90": "90 days",
  "365": "1 year",
  never: "No expiry",
};

export function ApiTokensSettings() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const tokens = useQuery(trpc.apiTokens.list.queryOptions());
  const [name, setName] = useState("");
  const [scope, setScope] = useState<ApiTokenScopeName>("read");
  const [expiry, setExpiry] = useState<ApiTokenExpiry>("90");
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.apiTokens.list.queryKey() });
  const create = useToastedMutation(trpc.apiTokens.create.mutationOptions(), {
    failure: "Failed to create the token",
    onSuccess: (token) => {
      setCreated(token);
      setName("");
      void refresh();
    },
  });
  const revoke = useToastedMutation(trpc.apiTokens.revoke.mutationOptions(), {
    success: "Token revoked: it no longer works",
    failure: "Failed to revoke the token",
    onSuccess: () => refresh(),
  });

  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }}>
      <Title order={2} size="h4" mb="xs">
        API tokens
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Scripts and tools sign in with a token instead of your password, as you, with your role. A read-only token
        cannot change anything.
      </Text>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate({ name, scope, expiresInDays: expiry });
        }}
      >
        <Stack gap="sm" mb="lg">
          <TextInput
            label="Name"
            placeholder="e.g. Backup script"
            value={name}
            maxLength={API_TOKEN_NAME_MAX}
            onChange={(event) => setName(event.currentTarget.value)}
            required
          />
          <Group align="flex-end" gap="sm" wrap="wrap">
            <Stack gap={4}>
              <Text size="sm" fw={500} id="api-token-scope">
                Access
              </Text>
              <SegmentedControl
                aria-labelledby="api-token-scope"
                value={scope}
                onChange={(value) => setScope(value as ApiTokenScopeName)}
                data={[
                  { value: "read", label: "Read-only" },
                  { value: "write", label: "Read-write" },
                ]}
              />
            </Stack>
            <Select
              label="Expires"
              value={expiry}
              onChange={(value) => value && setExpiry(value as ApiTokenExpiry)}
              data={API_TOKEN_EXPIRIES.map((value) => ({ value, label: EXPIRY_LABELS[value] }))}
              allowDeselect={false}
              w={160}
            />
            <Button type="submit" loading={create.isPending} disabled={name.trim() === ""}>
              Create token
            </Button>
          </Group>
        </Stack>
      </form>
      {tokens.data ? (
        <ApiTokenList
          tokens={tokens.data}
          revoking={revoke.isPending}
          onRevoke={(token) => revoke.mutate({ id: token.id })}
          empty="You have no API tokens yet."
        />
      ) : tokens.isError ? (
        <Text c="dimmed">Your tokens could not be loaded.</Text>
      ) : (
        <Skeleton height={60} />
      )}
      <NewApiTokenDialog token={created} onClose={() => setCreated(null)} />
    </Paper>
  );
}
