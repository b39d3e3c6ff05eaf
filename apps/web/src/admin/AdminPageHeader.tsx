// The title row of every admin screen: title, optional subtitle, and actions on the right.
import { Group, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { PageTitle } from "../components/ui/PageTitle";

export function AdminPageHeader({
  title,
  subtitle,
  actions,
}: {
  title: string;
  subtitle?: string;
  actions?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end" mb="lg" wrap="wrap" gap="sm">
      <Stack gap={2}>
        <PageTitle>{title}</PageTitle>
        {subtitle && <Text c="dimmed">{subtitle}</Text>}
      </Stack>
      {actions && <Group gap="sm">{actions}</Group>}
    </Group>
  );
}
