// The token just made, shown once: the forum keeps only its hash.
import type { CreatedApiToken } from "@forum/contracts";
import { Code } from "@mantine/core";
import { ShownOnceDialog } from "../ui/ShownOnceDialog";

export function NewApiTokenDialog({ token, onClose }: { token: CreatedApiToken | null; onClose: () => void }) {
  return (
    <ShownOnceDialog
      title="Your new API token"
      secret={token?.token ?? null}
      copyLabel="Copy token"
      testId="new-api-token"
      onClose={onClose}
    >
      Copy it now: it is shown this once. Send it as <Code>Authorization: Bearer …</Code> or pass it to the typed client
      as <Code>token</Code>.
    </ShownOnceDialog>
  );
}
