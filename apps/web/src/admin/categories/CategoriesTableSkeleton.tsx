// Placeholder rows while the categories load.
import { Group, Paper, Skeleton, Stack } from "@mantine/core";

const ROWS = ["a", "b", "c", "d", "e"];

export function CategoriesTableSkeleton() {
  return (
    <Stack gap="sm" aria-busy="true" aria-label="Loading categories">
      <Skeleton height={28} />
      {ROWS.map((row) => (
        <Paper key={row} withBorder p="sm">
          <Group gap="sm" wrap="nowrap">
            <Skeleton circle height={12} />
            <Skeleton height={14} width="30%" />
            <Skeleton height={10} width="45%" ml="auto" />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
