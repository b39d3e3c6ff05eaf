// What an admin list shows when nothing is there or nothing matches: a heading and one line.
import { Paper, Stack, Text, Title } from "@mantine/core";

export function AdminEmptyState({ title, text }: { title: string; text: string }) {
  return (
    <Paper withBorder p="xl" ta="center">
      <Stack align="center" gap={4}>
        <Title order={2} size="h3">
          {title}
        </Title>
        <Text c="dimmed">{text}</Text>
      </Stack>
    </Paper>
  );
}
