// A member's password-reset link, for User Management: with SMTP it is "Send reset email" (the
// member gets the mail); without it "Reset link": the admin is shown the one-time link (60
// minutes, one use, replacing older ones) to hand over.
import type { AdminUserView } from "@forum/contracts";
import { ActionIcon, Button, Code, CopyButton, Modal, Stack, Text, Tooltip } from "@mantine/core";
import { IconKey } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "../../lib/trpc";
import { useToastedMutation } from "../../lib/useToastedMutation";

export function ResetLinkAction({ user, disabled }: { user: AdminUserView; disabled: boolean }) {
  const trpc = useTRPC();
  const status = useQuery(trpc.mail.status.queryOptions());
  const [link, setLink] = useState<string | null>(null);
  const sending = status.data?.smtpConfigured ?? false;
  const reset = useToastedMutation(trpc.admin.resetLink.mutationOptions(), {
    success: (answer) => answer.message,
    failure: "Failed to make a reset link",
    onSuccess: (answer) => setLink(answer.link),
  });
  const label = sending ? "Send reset email" : "Reset link";
  return (
    <>
      <Tooltip label={label}>
        <ActionIcon
          variant="subtle"
          aria-label={`${label} for ${user.username}`}
          onClick={() => reset.mutate({ id: user.id })}
          disabled={disabled || reset.isPending || status.isPending}
        >
          <IconKey size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Modal opened={link !== null} onClose={() => setLink(null)} title={`Reset link for ${user.username}`}>
        <Stack gap="sm">
          <Text size="sm">Hand this link to {user.username}: it works once, for 60 minutes.</Text>
          <Code block>{link}</Code>
          <CopyButton value={link ?? ""}>
            {({ copied, copy }) => <Button onClick={copy}>{copied ? "Copied" : "Copy link"}</Button>}
          </CopyButton>
        </Stack>
      </Modal>
    </>
  );
}
