// "Report" on a post or reply, for signed-in members other than its author: a dialog with the
// reason (Spam, Abuse, Off-topic, Other) and an optional note of up to 500 characters. A member
// reports each post or reply once; the server's answer to a second report says so.
import { LIMITS, REPORT_REASONS, type ReportReason } from "@forum/contracts";
import { Button, Radio, Stack, Textarea } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconFlag } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useCurrentUser } from "../../auth/useCurrentUser";
import { toastSuccess } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";
import { useApiError } from "../../lib/useApiError";
import { Dialog } from "../Dialog";
import { DialogForm } from "../DialogForm";
import { DialogButtons } from "./DialogButtons";

type Target = { postId: number } | { replyId: number };
type Props = { target: Target; authorId: number; subject: string };

export function ReportButton({ target, authorId, subject }: Props) {
  const { user } = useCurrentUser();
  const [opened, dialog] = useDisclosure(false);
  if (!user || user.id === authorId) return null;
  return (
    <>
      <Button
        variant="subtle"
        color="gray"
        size="compact-sm"
        leftSection={<IconFlag size={14} aria-hidden />}
        onClick={dialog.open}
        aria-label={`Report ${subject}`}
      >
        Report
      </Button>
      <Dialog opened={opened} onClose={dialog.close} title={`Report ${subject}`} size={480} centered>
        {opened && <ReportForm target={target} onClose={dialog.close} />}
      </Dialog>
    </>
  );
}

function ReportForm({ target, onClose }: { target: Target; onClose: () => void }) {
  const trpc = useTRPC();
  const onError = useApiError();
  const [reason, setReason] = useState<ReportReason>("Spam");
  const [text, setText] = useState("");
  const report = useMutation(
    trpc.reports.create.mutationOptions({
      onSuccess: () => {
        toastSuccess("Report sent", "Thank you: the moderators will look at it.");
        onClose();
      },
      onError: (error) => onError(error, { title: "Report not sent", message: "Failed to send the report" }),
    }),
  );
  return (
    <DialogForm onSubmit={() => report.mutate({ ...target, reason, text: text.trim() || null })}>
      <Radio.Group label="Why?" withAsterisk value={reason} onChange={(value) => setReason(value as ReportReason)}>
        <Stack gap="xs" mt="xs">
          {REPORT_REASONS.map((choice) => (
            <Radio key={choice} value={choice} label={choice} data-autofocus={choice === reason || undefined} />
          ))}
        </Stack>
      </Radio.Group>
      <Textarea
        label="Anything the moderators should know? (optional)"
        autosize
        minRows={3}
        maxLength={LIMITS.reportText}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        description={`${text.length} / ${LIMITS.reportText}`}
      />
      <DialogButtons pending={report.isPending} onCancel={onClose} label="Send Report" pendingLabel="Sending..." />
    </DialogForm>
  );
}
