// The form inside every edit dialog: Enter submits, the browser's own validation bubbles stay
// off (each form shows the spec's messages itself, see lib/useSchemaForm.ts), fields stacked.
import { Stack } from "@mantine/core";
import type { FormEventHandler, ReactNode } from "react";

export function DialogForm({
  onSubmit,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="sm">{children}</Stack>
    </form>
  );
}
