// An admin list that could not be loaded: says so and offers to try again.
import { Button, Paper, Stack, Text } from "@mantine/core";

export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <Paper withBorder p="xl" ta="center" role="alert">
      <Stack align="center" gap="sm">
        <Text>Could not load the {what}.</Text>
        <Button variant="default" onClick={onRetry}>
          Try Again
        </Button>
      </Stack>
    </Paper>
  );
}
