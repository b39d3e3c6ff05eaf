// A dialog whose code loads on its first opening: the form, its schemas and @mantine/form stay out
// of the page's first download for everyone who never opens it (most readers of a post).
import { useDisclosure } from "@mantine/hooks";
import { useState } from "react";

/** Whether the dialog is open, its open/close handlers, and whether to render it (once opened). */
export function useDialogOnDemand() {
  const [opened, handlers] = useDisclosure(false);
  const [wanted, setWanted] = useState(false);
  // Rendered from the first opening on, so closing keeps its transition and focus return.
  if (opened && !wanted) setWanted(true);
  return [opened, handlers, wanted || opened] as const;
}
