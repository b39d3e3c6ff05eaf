// On phones the admin lists are cards, not wide tables: a row's name sits beside its actions and
// every field is on screen without scrolling sideways (issue 13: the ads table scrolled the name
// away from Edit/Delete, the users table hid Role and Status).
import { Group, Paper, Stack } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { ReactNode } from "react";

/** True below the `sm` breakpoint, known at the first render so a table never flashes first. */
export function usePhoneLayout(): boolean {
  return useMediaQuery("(max-width: 48em)", false, { getInitialValueInEffect: false }) === true;
}

type PhoneCardProps = { label: string; title: ReactNode; actions: ReactNode; children: ReactNode };

export function PhoneCard({ label, title, actions, children }: PhoneCardProps) {
  return (
    <Paper withBorder p="sm" radius="md" component="article" aria-label={label}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <div style={{ minWidth: 0 }}>{title}</div>
        {actions}
      </Group>
      <Stack gap={6} mt="xs">
        {children}
      </Stack>
    </Paper>
  );
}
