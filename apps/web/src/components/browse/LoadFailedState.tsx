// A screen's answer when a record is missing (404) or could not be loaded (anything else).
import { Button, Code, Group, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import { PageTitle } from "../ui/PageTitle";

type LoadFailedStateProps = {
  /** The spec's not-found title, such as "User not found". */
  title: string;
  /** A small line for whoever reports the problem, such as the slug that was looked up. */
  debug?: string;
  /** Set when the failure was not a 404: offers to try again. */
  onRetry?: (() => void) | undefined;
};

export function LoadFailedState({ title, debug, onRetry }: LoadFailedStateProps) {
  return (
    <Stack align="center" py={60} gap="md" ta="center">
      <PageTitle>{title}</PageTitle>
      {debug && (
        <Text size="sm" c="dimmed">
          <Code>{debug}</Code>
        </Text>
      )}
      <Group justify="center">
        {onRetry && (
          <Button variant="default" onClick={onRetry}>
            Try Again
          </Button>
        )}
        <Button component={Link} to="/">
          Back to Home
        </Button>
      </Group>
    </Stack>
  );
}
