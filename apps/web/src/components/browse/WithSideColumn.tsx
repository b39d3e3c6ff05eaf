// A screen's main column with a side column beside it on wide screens and below it on narrow ones.
import { Grid, Stack } from "@mantine/core";
import type { ReactNode } from "react";

export function WithSideColumn({ children, side }: { children: ReactNode; side: ReactNode }) {
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 8 }} style={{ minWidth: 0 }}>
        {children}
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }} component="aside" aria-label="Related">
        <Stack gap="md">{side}</Stack>
      </Grid.Col>
    </Grid>
  );
}
