// The dashboard's three totals: Total Users, Total Posts, Total Categories.
import type { AdminStats } from "@forum/contracts";
import { Group, Paper, SimpleGrid, Skeleton, Text, ThemeIcon } from "@mantine/core";
import { IconCategory, IconMessages, IconUsers } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTRPC } from "../../lib/trpc";

const CARDS: { key: keyof AdminStats; label: string; color: string; icon: ReactNode }[] = [
  { key: "totalUsers", label: "Total Users", color: "blue", icon: <IconUsers size={22} aria-hidden /> },
  { key: "totalPosts", label: "Total Posts", color: "teal", icon: <IconMessages size={22} aria-hidden /> },
  { key: "totalCategories", label: "Total Categories", color: "grape", icon: <IconCategory size={22} aria-hidden /> },
];

export function StatCards() {
  const trpc = useTRPC();
  const stats = useQuery(trpc.admin.stats.queryOptions());
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
      {CARDS.map((card) => (
        <Paper key={card.key} withBorder p="md" component="section" aria-label={card.label}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <div>
              <Text size="sm" c="dimmed" fw={500}>
                {card.label}
              </Text>
              {stats.isPending ? (
                <Skeleton height={30} width={64} mt={6} />
              ) : (
                <Text fz={28} fw={700} lh={1.3}>
                  {stats.data ? stats.data[card.key].toLocaleString() : "—"}
                </Text>
              )}
            </div>
            <ThemeIcon variant="light" color={card.color} size={44} radius="md">
              {card.icon}
            </ThemeIcon>
          </Group>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
