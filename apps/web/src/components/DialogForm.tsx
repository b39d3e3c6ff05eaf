// The form inside every edit dialog: Enter submits, the browser's own validation bubbles stay
// off (each form shows the spec's messages itself), fields stacked.
import { Stack } from "@mantine/core";
import type { ReactNode } from "react";

export function DialogForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Stack gap="sm">{children}</Stack>
    </form>
  );
}
