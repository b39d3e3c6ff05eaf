// A secret the server shows once (an API token, a webhook's signing secret), with a copy button:
// the forum keeps only its hash or a sealed copy, so closing this dialog is the last time anyone
// sees it.
import { Button, Code, CopyButton, Group, Modal, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";

export function ShownOnceDialog(props: {
  title: string;
  /** Null: closed. */
  secret: string | null;
  copyLabel: string;
  testId: string;
  /** How to use it. */
  children: ReactNode;
  onClose: () => void;
}) {
  return (
    <Modal opened={props.secret !== null} onClose={props.onClose} title={props.title}>
      <Stack gap="sm">
        <Text size="sm">{props.children}</Text>
        <Code block data-testid={props.testId} style={{ overflowWrap: "anywhere", whiteSpace: "pre-wrap" }}>
          {props.secret}
        </Code>
        <Group justify="flex-end">
          <CopyButton value={props.secret ?? ""}>
            {({ copied, copy }) => (
              <Button variant={copied ? "light" : "filled"} onClick={copy}>
                {copied ? "Copied" : props.copyLabel}
              </Button>
            )}
          </CopyButton>
          <Button variant="default" onClick={props.onClose}>
            Done
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
