// "Limits against abuse": the sign-in, sign-up, new-account posting and avatar limits the server holds,
// as read-only facts (they are set in packages/contracts; FORUM_RATE_LIMITS=off lifts them all).
import type { AbuseLimitsView, ThrottleRule } from "@forum/contracts";
import { Badge, Group, Paper, Skeleton, Table, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../lib/trpc";

/** "5 per 15 minutes", "3 per hour". */
function perWindow(rule: ThrottleRule): string {
  const minutes = rule.windowMs / 60_000;
  if (minutes === 60) return `${rule.limit} per hour`;
  return minutes % 60 === 0 ? `${rule.limit} per ${minutes / 60} hours` : `${rule.limit} per ${minutes} minutes`;
}

function rows(limits: AbuseLimitsView): [string, string][] {
  const { throttles } = limits;
  const newAccount = `New accounts (first ${limits.newAccountPeriodMs / 3_600_000} hours)`;
  return [
    ["Sign-in attempts per account", perWindow(throttles.loginPerAccount)],
    ["Sign-in attempts per address", perWindow(throttles.loginPerAddress)],
    ["New accounts per address", perWindow(throttles.registrationsPerAddress)],
    [`${newAccount}: posts`, perWindow(throttles.newAccountPosts)],
    [`${newAccount}: replies`, perWindow(throttles.newAccountReplies)],
    ["Avatar uploads per member", perWindow(throttles.avatarUploads)],
    ["Data export requests per member", perWindow(throttles.dataExports)],
  ];
}

export function AbuseLimitsCard() {
  const trpc = useTRPC();
  const limits = useQuery(trpc.admin.limits.queryOptions());
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="abuse-limits-title">
      <Group justify="space-between" mb="xs">
        <Title order={3} id="abuse-limits-title">
          Limits against abuse
        </Title>
        {limits.data && (
          <Badge color={limits.data.enabled ? "green" : "gray"} variant="light">
            {limits.data.enabled ? "On" : "Off"}
          </Badge>
        )}
      </Group>
      {limits.data ? (
        <>
          <Table withRowBorders={false} verticalSpacing={4} maw={560}>
            <Table.Tbody>
              {rows(limits.data).map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Td pl={0}>{label}</Table.Td>
                  <Table.Td fw={600}>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text size="sm" c="dimmed" mt="xs">
            {limits.data.enabled
              ? "Admins and moderators are exempt from the posting limits. A successful sign-in clears the account's count."
              : "Turned off on this server (FORUM_RATE_LIMITS=off): nothing is limited."}
          </Text>
        </>
      ) : limits.isError ? (
        <Text c="dimmed">The limits could not be loaded.</Text>
      ) : (
        <Skeleton height={120} aria-label="Loading limits" />
      )}
    </Paper>
  );
}
