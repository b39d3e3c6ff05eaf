// The report dialog's form (ReportButton.tsx loads it at the first click): a reason of the list
// and an optional note, checked with the server's schema.
import { createReportInput, LIMITS, REPORT_REASONS, type ReportReason } from "@forum/contracts";
import { Radio, Stack, Textarea } from "@mantine/core";
import { useTRPC } from "../../lib/trpc";
import { useSchemaForm } from "../../lib/useSchemaForm";
import { useToastedMutation } from "../../lib/useToastedMutation";
import { DialogForm } from "../ui/DialogForm";
import { DialogButtons } from "./DialogButtons";

export type Target = { postId: number } | { replyId: number };

export default function ReportForm({ target, onClose }: { target: Target; onClose: () => void }) {
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
