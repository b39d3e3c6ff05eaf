import { Button, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import { PageTitle } from "../components/ui/PageTitle";

export default function NotFoundPage() {
  return (
    <Stack align="center" py={80} gap="md">
      <PageTitle>404 Page Not Found</PageTitle>
      <Text c="dimmed">The page you are looking for does not exist or has moved.</Text>
      <Button component={Link} to="/">
        Back to Home
      </Button>
    </Stack>
  );
}
