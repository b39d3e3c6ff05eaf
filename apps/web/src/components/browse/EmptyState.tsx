// What a list shows when it has nothing yet: a heading, an optional line and one action.
import { Button, Paper, Stack, Text, Title } from "@mantine/core";

type EmptyStateProps = { title: string; text?: string; actionLabel: string; onAction: () => void };

export function EmptyState({ title, text, actionLabel, onAction }: EmptyStateProps) {
  return (
    // Spans every column when the list is laid out as a grid.
    <Paper withBorder p="xl" ta="center" style={{ gridColumn: "1 / -1" }}>
      <Stack align="center" gap="sm">
        <Title order={2} size="h3">
          {title}
        </Title>
        {text && <Text c="dimmed">{text}</Text>}
        <Button onClick={onAction}>{actionLabel}</Button>
      </Stack>
    </Paper>
  );
}
