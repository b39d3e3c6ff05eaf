// The member's notifications, newest first, with "Mark all as read". Opening one marks it read
// and goes to the post, scrolled to the reply.
import type { NotificationView } from "@forum/contracts";
import { Box, Button, Group, Loader, Stack, Text, UnstyledButton, VisuallyHidden } from "@mantine/core";
import { useNavigate } from "react-router";
import { relativeTime } from "../../lib/format";
import { useMarkRead, useNotificationList } from "./useNotifications";

export function notificationHref(notification: NotificationView): string {
  return `/posts/${notification.post.slug}${notification.replyId === null ? "" : `#reply-${notification.replyId}`}`;
}

type NotificationListProps = {
  onOpen?: () => void;
  /** Show the list's own "Notifications" label (the popover); a page has its heading instead. */
  labelled?: boolean;
};

export function NotificationList({ onOpen, labelled = true }: NotificationListProps) {
  const list = useNotificationList();
  const markRead = useMarkRead();
  const navigate = useNavigate();
  const unread = list.data?.some((notification) => !notification.read) ?? false;

  const open = (notification: NotificationView) => {
    if (!notification.read) markRead.mutate({ ids: [notification.id] });
    onOpen?.();
    navigate(notificationHref(notification));
  };

  return (
    <Stack gap="xs">
      <Group justify={labelled ? "space-between" : "flex-end"} gap="sm">
        {labelled && <Text fw={700}>Notifications</Text>}
        <Button
          variant="subtle"
          size="compact-sm"
          disabled={!unread || markRead.isPending}
          onClick={() => markRead.mutate({})}
        >
          Mark all as read
        </Button>
      </Group>
      {list.isPending ? (
        <Group justify="center" py="md">
          <Loader size="sm" aria-label="Loading notifications" />
        </Group>
      ) : list.isError ? (
        <Text c="dimmed" size="sm" py="md" ta="center">
          Notifications could not be loaded.
        </Text>
      ) : list.data.length === 0 ? (
        <Text c="dimmed" size="sm" py="md" ta="center">
          No notifications yet. Replies to your posts and mentions of you show up here.
        </Text>
      ) : (
        <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: "none" }}>
          {list.data.map((notification) => (
            <li key={notification.id}>
              <NotificationItem notification={notification} onOpen={() => open(notification)} />
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function NotificationItem({ notification, onOpen }: { notification: NotificationView; onOpen: () => void }) {
  const what = notification.type === "mention" ? "mentioned you in" : "replied to";
  const secondary = notification.read ? "dimmed" : undefined;
  return (
    <UnstyledButton
      onClick={onOpen}
      w="100%"
      p="sm"
      style={{
        borderRadius: "var(--mantine-radius-sm)",
        background: notification.read ? undefined : "var(--mantine-color-blue-light)",
      }}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Box
          mt={7}
          w={8}
          h={8}
          style={{
            borderRadius: "50%",
            flexShrink: 0,
            background: notification.read ? "transparent" : "var(--mantine-color-blue-filled)",
          }}
          aria-hidden
        />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="sm" style={{ overflowWrap: "anywhere" }}>
            <Text span fw={700}>
              @{notification.actor.username}
            </Text>{" "}
            {what}{" "}
            <Text span fw={600}>
              {notification.post.title}
            </Text>
            {!notification.read && <VisuallyHidden> (unread)</VisuallyHidden>}
          </Text>
          {/* Dimmed grey is too faint on an unread item's tinted background (axe color-contrast). */}
          <Text size="xs" c={secondary} lineClamp={2} style={{ overflowWrap: "anywhere" }}>
            {notification.excerpt}
          </Text>
          <Text size="xs" c={secondary}>
            {relativeTime(notification.createdAt)}
          </Text>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}
