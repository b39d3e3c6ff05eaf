import { Anchor, Box, Breadcrumbs as MantineBreadcrumbs, Text } from "@mantine/core";
import { Link } from "react-router";

export type Crumb = { label: string; to?: string };

export function Breadcrumbs({ items, separator = "/" }: { items: Crumb[]; separator?: string }) {
  return (
    <Box component="nav" aria-label="Breadcrumb" mb="sm">
      <MantineBreadcrumbs separator={separator} style={{ flexWrap: "wrap" }}>
        {items.map((item) =>
          item.to ? (
            <Anchor component={Link} to={item.to} size="sm" key={item.label}>
              {item.label}
            </Anchor>
          ) : (
            <Text size="sm" c="dimmed" key={item.label} truncate maw={360}>
              {item.label}
            </Text>
          ),
        )}
      </MantineBreadcrumbs>
    </Box>
  );
}
