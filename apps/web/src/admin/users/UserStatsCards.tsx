// The four numbers above the user list: Total Users, Active Users, Banned Users, Admins.
import type { UserStats } from "@forum/contracts";
import { Group, Paper, SimpleGrid, Skeleton, Text, ThemeIcon } from "@mantine/core";
import { IconShieldCheck, IconUserCheck, IconUserOff, IconUsers } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTRPC } from "../../lib/trpc";

const CARDS: { key: keyof UserStats; label: string; color: string; icon: ReactNode }[] = [
  { key: "totalUsers", label: "Total Users", color: "blue", icon: <IconUsers size={20} aria-hidden /> },
  { key: "activeUsers", label: "Active Users", color: "green", icon: <IconUserCheck size={20} aria-hidden /> },
  { key: "bannedUsers", label: "Banned Users", color: "orange", icon: <IconUserOff size={20} aria-hidden /> },
  { key: "admins", label: "Admins", color: "red", icon: <IconShieldCheck size={20} aria-hidden /> },
];

export function UserStatsCards() {
  const trpc = useTRPC();
  const stats = useQuery(trpc.admin.userStats.queryOptions());
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
      {CARDS.map((card) => (
        <Paper key={card.key} withBorder p="md">
          <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
            <div>
              <Text size="sm" c="dimmed">
                {card.label}
              </Text>
              {stats.data ? (
                <Text fz={28} fw={700} lh={1.2}>
                  {stats.data[card.key]}
                </Text>
              ) : stats.isError ? (
                <Text fz={28} fw={700} lh={1.2} aria-label="Not available">
                  –
                </Text>
              ) : (
                <Skeleton height={28} width={48} mt={4} aria-label="Loading" />
              )}
            </div>
            <ThemeIcon color={card.color} variant="light" size="lg" radius="md" visibleFrom="xs">
              {card.icon}
            </ThemeIcon>
          </Group>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
