// A card of the right-hand column: a title, skeleton rows while loading, an empty text, or its rows.
import { Card, Group, Skeleton, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

type SideCardProps = {
  title: string;
  icon?: ReactNode;
  /** Skeleton rows stand in for the content until it loads. */
  loading: boolean;
  /** Shown instead of the rows (nothing to list, or the call failed). */
  emptyText?: string | undefined;
  children?: ReactNode;
};

const SKELETON_ROWS = ["a", "b", "c", "d", "e"];

export function SideCard({ title, icon, loading, emptyText, children }: SideCardProps) {
  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Group gap="xs" mb="sm" wrap="nowrap">
        {icon}
        <Title order={2} size="h5">
          {title}
        </Title>
      </Group>
      {loading ? (
        <Stack gap="sm" aria-hidden>
          {SKELETON_ROWS.map((key) => (
            <Skeleton key={key} height={20} radius="sm" />
          ))}
        </Stack>
      ) : emptyText ? (
        <Text size="sm" c="dimmed">
          {emptyText}
        </Text>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: "none", margin: 0, padding: 0 }}>
          {children}
        </Stack>
      )}
    </Card>
  );
}
