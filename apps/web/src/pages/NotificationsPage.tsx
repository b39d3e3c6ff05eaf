// Notifications (/notifications): the list the bell opens on wide screens, as a page for phones.
import { Button, Paper, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import { useCurrentUser } from "../auth/useCurrentUser";
import { NotificationList } from "../components/notifications/NotificationList";
import { Breadcrumbs } from "../components/ui/Breadcrumbs";
import { PageTitle } from "../components/ui/PageTitle";

export default function NotificationsPage() {
  const { user } = useCurrentUser();
  return (
    <Stack gap="md" maw={720}>
      <Breadcrumbs items={[{ label: "Home", to: "/" }, { label: "Notifications" }]} />
      <PageTitle>Notifications</PageTitle>
      {user ? (
        <Paper withBorder p={{ base: "xs", sm: "md" }}>
          <NotificationList labelled={false} />
        </Paper>
      ) : (
        <Paper withBorder p="xl" ta="center">
          <Stack align="center" gap="sm">
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
