// Notifications (/notifications): the list the bell opens on wide screens, as a page for phones.
import { Button, Paper, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { useCurrentUser } from "../auth/useCurrentUser";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { NotificationList } from "../components/notifications/NotificationList";

export default function NotificationsPage() {
  const { user } = useCurrentUser();
  return (
    <Stack gap="md" maw={720}>
      <Breadcrumbs items={[{ label: "Home", to: "/" }, { label: "Notifications" }]} />
      {user ? (
        <Paper withBorder p={{ base: "xs", sm: "md" }}>
          <NotificationList />
        </Paper>
      ) : (
        <Paper withBorder p="xl" ta="center">
          <Stack align="center" gap="sm">
            <Title order={2}>Notifications</Title>
            <Text c="dimmed">Please log in to see your notifications.</Text>
            <Button component={Link} to="/login">
              Sign In
            </Button>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
