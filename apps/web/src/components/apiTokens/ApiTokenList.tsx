// A member's API tokens as a list: name, scope, created, expires, last used, and Revoke. The
// settings screen shows one's own; User Management shows a member's to an admin. Rows wrap, so
// the list reads at 375 px as at 1280 px.
import type { ApiTokenView } from "@forum/contracts";
import { Badge, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { formatDate, relativeTime } from "../../lib/format";

type ApiTokenListProps = {
  tokens: readonly ApiTokenView[];
  onRevoke: (token: ApiTokenView) => void;
  revoking: boolean;
  empty: string;
};

/** What a token's state is now: the list shows revoked and expired ones until they are cleared. */
function stateOf(token: ApiTokenView, now: number): "revoked" | "expired" | "active" {
  if (token.revokedAt) return "revoked";
  if (token.expiresAt && Date.parse(token.expiresAt) <= now) return "expired";
  return "active";
}

export function ApiTokenList({ tokens, onRevoke, revoking, empty }: ApiTokenListProps) {
  if (tokens.length === 0) return <Text c="dimmed">{empty}</Text>;
  const now = Date.now();
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label="API tokens">
      {tokens.map((token) => {
        const state = stateOf(token, now);
        return (
          <Paper key={token.id} component="li" withBorder p="sm" aria-label={token.name}>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Group gap="xs" wrap="wrap">
                  <Text fw={600} style={{ overflowWrap: "anywhere" }}>
                    {token.name}
                  </Text>
                  <Badge variant="light" color={token.scope === "write" ? "orange" : "blue"}>
                    {token.scope === "write" ? "Read-write" : "Read-only"}
                  </Badge>
                  {state !== "active" && (
                    <Badge variant="light" color="gray">
                      {state === "revoked" ? "Revoked" : "Expired"}
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="dimmed">
                  Created {formatDate(token.createdAt)} · Expires{" "}
                  {token.expiresAt ? formatDate(token.expiresAt) : "never"} · Last used{" "}
                  {token.lastUsedAt ? relativeTime(token.lastUsedAt, now) : "never"}
                </Text>
              </Stack>
              {state === "active" && (
                <Button
                  variant="light"
                  color="red"
                  size="xs"
                  onClick={() => onRevoke(token)}
                  disabled={revoking}
                  aria-label={`Revoke ${token.name}`}
                >
                  Revoke
                </Button>
              )}
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
