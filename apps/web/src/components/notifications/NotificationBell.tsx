// The bell: the unread count on it (nothing at 0); on wide screens it opens the list in a
// popover, on phones it goes to /notifications. Loaded for signed-in members only, after the page.
import { ActionIcon, Indicator, Popover } from "@mantine/core";
import { useDisclosure, useMediaQuery } from "@mantine/hooks";
import { IconBell } from "@tabler/icons-react";
import { Link } from "react-router";
import { NotificationList } from "./NotificationList";
import { useUnreadCount } from "./useNotifications";

export default function NotificationBell() {
  const unread = useUnreadCount();
  const wide = useMediaQuery("(min-width: 48em)");
  const [opened, popover] = useDisclosure(false);
  const count = unread.data?.count ?? 0;
  const label = count === 0 ? "Notifications" : `Notifications, ${count} unread`;
  const bell = (
    <Indicator
      color="red"
      size={18}
      offset={4}
      label={count > 99 ? "99+" : count}
      disabled={count === 0}
      data-testid="notification-count"
    >
      <IconBell size={20} aria-hidden />
    </Indicator>
  );

  if (!wide) {
    return (
      <ActionIcon
        component={Link}
        to="/notifications"
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={label}
        data-notification-bell
      >
        {bell}
      </ActionIcon>
    );
  }
  return (
    <Popover opened={opened} onChange={popover.set} width={380} position="bottom-end" shadow="md" withinPortal>
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={label}
          aria-expanded={opened}
          onClick={popover.toggle}
          data-notification-bell
        >
          {bell}
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p="xs" mah="70vh" style={{ overflowY: "auto" }}>
        <NotificationList onOpen={popover.close} />
      </Popover.Dropdown>
    </Popover>
  );
}
