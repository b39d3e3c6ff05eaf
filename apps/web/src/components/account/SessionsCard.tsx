// "Where you're signed in" on Settings → Security (issue 30): each session's browser and system,
// when it began and was last used (to the minute), this browser marked, Sign out for the others,
// and Sign out everywhere else. A session signed out here is signed out at its next request.
import type { SessionView } from "@forum/contracts";
import { Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { formatDate, relativeTime } from "../../lib/format";
import { useTRPC } from "../../lib/trpc";
import { useToastedMutation } from "../../lib/useToastedMutation";

export function sessionName(session: Pick<SessionView, "browser" | "platform">): string {
  const browser = session.browser ?? "Unknown browser";
  return session.platform ? `${browser} on ${session.platform}` : browser;
}

export function SessionsCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const sessions = useQuery(trpc.sessions.list.queryOptions());
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.sessions.list.queryKey() });
  const signOut = useToastedMutation(trpc.sessions.signOut.mutationOptions(), {
    success: (answer) => answer.message,
    failure: "Failed to sign out that session",
    onSuccess: refresh,
  });
  const signOutOthers = useToastedMutation(trpc.sessions.signOutOthers.mutationOptions(), {
    success: (answer) => answer.message,
    failure: "Failed to sign out your other sessions",
    onSuccess: refresh,
  });
  const others = sessions.data?.filter((session) => !session.current).length ?? 0;
  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }} component="section" aria-labelledby="sessions-title">
      <Group justify="space-between" wrap="wrap" gap="xs" mb="sm">
        <Title order={2} size="h4" id="sessions-title">
          Where you're signed in
        </Title>
        <Button
          variant="light"
          color="red"
          size="xs"
          disabled={others === 0 || signOutOthers.isPending}
          onClick={() => signOutOthers.mutate()}
        >
          {signOutOthers.isPending ? "Signing out..." : "Sign out everywhere else"}
        </Button>
      </Group>
      {sessions.isPending ? (
        <Skeleton height={48} />
      ) : sessions.isError ? (
        <Text c="dimmed">Your sessions could not be loaded.</Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label="Sessions">
          {sessions.data.map((session) => (
            <Paper key={session.id} component="li" withBorder p="sm" aria-label={sessionName(session)}>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Group gap="xs" wrap="wrap">
                    <Text fw={600}>{sessionName(session)}</Text>
                    {session.current && (
                      <Badge variant="light" color="green">
                        This browser
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm" c="dimmed">
                    Signed in {formatDate(session.signedInAt)} · Last seen:{" "}
                    {session.current ? "now" : session.lastSeenAt ? relativeTime(session.lastSeenAt) : "not since"}
                  </Text>
                </Stack>
                {!session.current && (
                  <Button
                    variant="light"
                    color="red"
                    size="xs"
                    disabled={signOut.isPending}
                    onClick={() => signOut.mutate({ id: session.id })}
                    aria-label={`Sign out ${sessionName(session)}`}
                  >
                    Sign out
                  </Button>
                )}
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
