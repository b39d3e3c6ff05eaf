// A secret the server shows once (an API token, a webhook's signing secret), with a copy button:
// the forum keeps only its hash or a sealed copy, so closing this dialog is the last time anyone
// sees it.
import { Button, Code, CopyButton, Group, Modal, Stack, Text } from "@mantine/core";
import { type ReactNode, useEffect, useState } from "react";

/** A download link's address for some text, released when the text goes. */
function useTextFileUrl(text: string | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (text === null) {
      setUrl(null);
      return;
    }
    const made = URL.createObjectURL(new Blob([`${text}\n`], { type: "text/plain" }));
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [text]);
  return url;
}

export function ShownOnceDialog(props: {
  title: string;
  /** Null: closed. */
  secret: string | null;
  copyLabel: string;
  testId: string;
  /** Also offer it as a text file. */
  download?: { fileName: string; label: string };
  /** How to use it. */
  children: ReactNode;
  onClose: () => void;
}) {
  const fileUrl = useTextFileUrl(props.download ? props.secret : null);
  return (
    <Modal opened={props.secret !== null} onClose={props.onClose} title={props.title}>
      <Stack gap="sm">
        <Text size="sm">{props.children}</Text>
        <Code block data-testid={props.testId} style={{ overflowWrap: "anywhere", whiteSpace: "pre-wrap" }}>
          {props.secret}
        </Code>
        <Group justify="flex-end">
          {props.download && fileUrl && (
            <Button component="a" href={fileUrl} download={props.download.fileName} variant="light">
              {props.download.label}
            </Button>
          )}
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
