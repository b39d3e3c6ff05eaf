// "Report" on a post or reply, for signed-in members other than its author: a dialog with the
// reason (Spam, Abuse, Off-topic, Other) and an optional note of up to 500 characters. A member
// reports each post or reply once; the server's answer to a second report says so.
import { createReportInput, LIMITS, REPORT_REASONS, type ReportReason } from "@forum/contracts";
import { Button, Radio, Stack, Textarea } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconFlag } from "@tabler/icons-react";
import { useCurrentUser } from "../../auth/useCurrentUser";
import { useTRPC } from "../../lib/trpc";
import { useSchemaForm } from "../../lib/useSchemaForm";
import { useToastedMutation } from "../../lib/useToastedMutation";
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
  // The server's schema: a reason of the list, a note within its limit (counted as typed below).
  const { form, field, onSubmit } = useSchemaForm({
    initialValues: { ...target, reason: "Spam" as ReportReason, text: "" },
    schema: createReportInput,
  });
  const report = useToastedMutation(trpc.reports.create.mutationOptions(), {
    success: { title: "Report sent", message: "Thank you: the moderators will look at it." },
    failure: { title: "Report not sent", message: "Failed to send the report" },
    onSuccess: onClose,
  });
  const reason = form.values.reason;
  return (
    <DialogForm onSubmit={onSubmit((sent) => report.mutate(sent))}>
      <Radio.Group label="Why?" withAsterisk {...field("reason")}>
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
        {...field("text")}
        description={`${form.values.text.length} / ${LIMITS.reportText}`}
      />
      <DialogButtons pending={report.isPending} onCancel={onClose} label="Send Report" pendingLabel="Sending..." />
    </DialogForm>
  );
}
