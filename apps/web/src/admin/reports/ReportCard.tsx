// One reported post or reply: what it says (an excerpt, linking to it), who wrote it, how many
// reported it and why, each report with its reporter and note, and the three resolutions. Ban is
// for admins only: moderators cannot reach members, and the card says so.
import { atName, type ReportAction, type ReportedContent } from "@forum/contracts";
import { Anchor, Badge, Button, Group, List, Paper, Stack, Text } from "@mantine/core";
import { IconBan, IconCheck, IconTrash } from "@tabler/icons-react";
import { Link } from "react-router";
import { ByAuthor } from "../../components/ui/ByAuthor";
import { RoleBadge } from "../../components/ui/RoleBadge";
import { plural, relativeTime } from "../../lib/format";

const CONFIRM: Record<Exclude<ReportAction, "dismiss">, (item: ReportedContent) => string> = {
  delete: (item) => `Are you sure you want to delete this ${item.kind}? This action cannot be undone.`,
  ban: (item) =>
    `Ban ${atName(item.author.username)} and delete this ${item.kind}? This will prevent them from accessing the forum.`,
};

type Props = {
  item: ReportedContent;
  isAdmin: boolean;
  busy: boolean;
  onResolve: (action: ReportAction) => void;
};

export function ReportCard({ item, isAdmin, busy, onResolve }: Props) {
  const href = item.kind === "post" ? `/posts/${item.post.slug}` : `/posts/${item.post.slug}#reply-${item.id}`;
  const what = item.kind === "post" ? `Post “${item.post.title}”` : `Reply in “${item.post.title}”`;
  const resolve = (action: ReportAction) => {
    if (action === "dismiss" || window.confirm(CONFIRM[action](item))) onResolve(action);
  };
  const canBan = isAdmin && item.author.role !== "admin" && !item.author.banned;
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={`Reports on ${what}`}>
      <Stack gap="sm">
        <Group gap="xs" wrap="wrap">
          <Badge variant="light" color={item.kind === "post" ? "blue" : "grape"}>
            {item.kind}
          </Badge>
          <Badge variant="filled" color="red">
            {plural(item.count, "report", "reports")}
          </Badge>
          {item.reasons.map((reason) => (
            <Badge key={reason} variant="outline" color="gray" tt="none">
              {reason}
            </Badge>
          ))}
        </Group>
        <Stack gap={4}>
          <Anchor component={Link} to={href} fw={600} style={{ overflowWrap: "anywhere" }}>
            {what}
          </Anchor>
          <Text size="sm" style={{ overflowWrap: "anywhere" }}>
            {item.excerpt}
          </Text>
          <Group gap="xs">
            <ByAuthor author={item.author} />
            {item.author.role !== "user" && <RoleBadge role={item.author.role} size="sm" />}
            {item.author.banned && (
              <Badge size="sm" color="dark">
                banned
              </Badge>
            )}
          </Group>
        </Stack>
        <List size="sm" spacing={4} aria-label="Reports">
          {item.reports.map((report) => (
            <List.Item key={report.id}>
              <Text span size="sm" fw={500}>
                {atName(report.reporter.username)}
              </Text>
              <Text span size="sm" c="dimmed">
                {" "}
                · {report.reason} · {relativeTime(report.createdAt)}
              </Text>
              {report.text && (
                <Text size="sm" c="dimmed" fs="italic" style={{ overflowWrap: "anywhere" }}>
                  “{report.text}”
                </Text>
              )}
            </List.Item>
          ))}
        </List>
        <Group gap="xs" wrap="wrap">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconCheck size={14} aria-hidden />}
            disabled={busy}
            onClick={() => resolve("dismiss")}
          >
            Dismiss
          </Button>
          <Button
            variant="light"
            color="red"
            size="xs"
            leftSection={<IconTrash size={14} aria-hidden />}
            disabled={busy}
            onClick={() => resolve("delete")}
          >
            Delete content
          </Button>
          {isAdmin ? (
            <Button
              color="red"
              size="xs"
              leftSection={<IconBan size={14} aria-hidden />}
              disabled={busy || !canBan}
              title={canBan ? undefined : "Admins and banned members cannot be banned"}
              onClick={() => resolve("ban")}
            >
              Ban author
            </Button>
          ) : (
            <Text size="xs" c="dimmed">
              Banning is for admins: moderators cannot reach member accounts.
            </Text>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
