// "Account Activity": real facts about the account rather than the spec's fixed sample text.
import type { CurrentUser } from "@forum/contracts";
import { Paper, Stack, Text, Title } from "@mantine/core";
import { formatDate } from "../../lib/format";

export function AccountActivity({ user }: { user: CurrentUser }) {
  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }}>
      <Title order={2} size="h4" mb="sm">
        Account Activity
      </Title>
      <Stack gap={6}>
        <Text size="sm">
          <Text span fw={600}>
            Last login:
          </Text>{" "}
          this session, on this device
        </Text>
        <Text size="sm">
          <Text span fw={600}>
            Account created:
          </Text>{" "}
          {formatDate(user.createdAt)}
        </Text>
      </Stack>
    </Paper>
  );
}
