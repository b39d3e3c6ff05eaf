// A category's colour as a small dot beside its name.
import { Box } from "@mantine/core";

export function ColorDot({ color, size = 12 }: { color: string; size?: number }) {
  return (
    <Box
      aria-hidden
      w={size}
      h={size}
      style={{ borderRadius: "50%", background: color, flexShrink: 0, boxShadow: "inset 0 0 0 1px rgb(0 0 0 / 15%)" }}
    />
  );
}
