import { Button, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";

export default function NotFoundPage() {
  return (
    <Stack align="center" py={80} gap="md">
      <Title order={2}>404 Page Not Found</Title>
      <Text c="dimmed">The page you are looking for does not exist or has moved.</Text>
      <Button component={Link} to="/">
        Back to Home
      </Button>
    </Stack>
  );
}
