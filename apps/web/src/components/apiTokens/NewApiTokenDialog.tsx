// The token just made, shown once with a copy button: the forum keeps only its hash, so closing
// this dialog is the last time anyone sees it.
import type { CreatedApiToken } from "@forum/contracts";
import { Button, Code, CopyButton, Group, Modal, Stack, Text } from "@mantine/core";

export function NewApiTokenDialog({ token, onClose }: { token: CreatedApiToken | null; onClose: () => void }) {
  return (
    <Modal opened={token !== null} onClose={onClose} title="Your new API token">
      <Stack gap="sm">
        <Text size="sm">
          Copy it now: it is shown this once. Send it as <Code>Authorization: Bearer …</Code> or pass it to the typed
          client as <Code>token</Code>.
        </Text>
        <Code block data-testid="new-api-token" style={{ overflowWrap: "anywhere", whiteSpace: "pre-wrap" }}>
          {token?.token}
        </Code>
        <Group justify="flex-end">
          <CopyButton value={token?.token ?? ""}>
            {({ copied, copy }) => (
              <Button variant={copied ? "light" : "filled"} onClick={copy}>
                {copied ? "Copied" : "Copy token"}
              </Button>
            )}
          </CopyButton>
          <Button variant="default" onClick={onClose}>
            Done
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
