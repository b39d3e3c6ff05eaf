// "Report" on a post or reply, for signed-in members other than its author: a dialog with the
// reason (Spam, Abuse, Off-topic, Other) and an optional note of up to 500 characters. A member
// reports each post or reply once; the server's answer to a second report says so.
import { Button } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconFlag } from "@tabler/icons-react";
import { lazy, Suspense } from "react";
import { useCurrentUser } from "../../auth/useCurrentUser";
import { Dialog } from "../ui/Dialog";
import type { Target } from "./ReportForm";

// Loaded at the first click: the form, its schema and the dialog's form parts are not needed to
// show or hydrate a post page (bench/README.md, the post page's first paint).
const ReportForm = lazy(() => import("./ReportForm"));
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
        {opened && (
          <Suspense fallback={null}>
            <ReportForm target={target} onClose={dialog.close} />
          </Suspense>
        )}
      </Dialog>
    </>
  );
}
