import { Anchor, Breadcrumbs as MantineBreadcrumbs, Text } from "@mantine/core";
import { Link } from "react-router";

export type Crumb = { label: string; to?: string };

export function Breadcrumbs({ items, separator = "/" }: { items: Crumb[]; separator?: string }) {
  return (
    <MantineBreadcrumbs separator={separator} mb="sm" aria-label="Breadcrumb" style={{ flexWrap: "wrap" }}>
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
  );
}
