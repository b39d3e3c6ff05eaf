// Placeholder rows while the advertisements load.
import { Paper, Skeleton, Stack } from "@mantine/core";

export function AdsTableSkeleton() {
  return (
    <Stack gap="sm" aria-busy="true" aria-label="Loading advertisements">
      <Skeleton height={28} />
      {[0, 1, 2].map((row) => (
        <Paper key={row} withBorder p="sm">
          <Skeleton height={14} width="40%" mb={8} />
          <Skeleton height={10} width="85%" />
        </Paper>
      ))}
    </Stack>
  );
}
