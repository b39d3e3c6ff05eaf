// The trail above a screen's title: links up to the current screen, whose name is cut short.
import { Anchor, Box, Breadcrumbs as MantineBreadcrumbs, Text } from "@mantine/core";
import { Link } from "react-router";

export type Crumb = { label: string; to?: string };

export function Breadcrumbs({ items, separator = "/" }: { items: Crumb[]; separator?: string }) {
  return (
    <Box component="nav" aria-label="Breadcrumb" mb="sm">
      {/* Mantine's line-height of 1 with the cut-off crumb's hidden overflow clipped descenders
          ("@linus_t" read "@linus t"): a normal line height keeps them. */}
      <MantineBreadcrumbs
        separator={separator}
        style={{ flexWrap: "wrap" }}
        styles={{ breadcrumb: { lineHeight: 1.5 } }}
      >
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
