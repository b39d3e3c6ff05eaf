// One bulk upload from the screen's point of view: the checks before sending, the bytes sent,
// the import, then the toast (spec sections 5 and 8) and, for a refused file, its problem rows.
import { type BulkUploadType, MESSAGES } from "@forum/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import type { UploadAnswer, UploadHandle } from "../../lib/sendForm";
import { toastError, toastSuccess } from "../../lib/toast";
import { useLoggedOut } from "../../lib/useToastedMutation";
import type { ImportReport } from "./BulkImported";
import { importedText, isExcelFile } from "./bulkTypes";
import { failureText, importedItems, type ProblemReport, problemReportOf } from "./uploadResult";
import { uploadSpreadsheet } from "./uploadSpreadsheet";

export type UploadPhase =
  | { kind: "idle" }
  | { kind: "uploading"; loaded: number; total: number }
  | { kind: "importing"; total: number };

export function useBulkUpload() {
  const queryClient = useQueryClient();
  const loggedOut = useLoggedOut();
  const [phase, setPhase] = useState<UploadPhase>({ kind: "idle" });
  const [report, setReport] = useState<ProblemReport | null>(null);
  const [imported, setImported] = useState<ImportReport | null>(null);
  const current = useRef<UploadHandle | null>(null);

  // Leaving the screen mid-upload cancels it rather than updating a screen that is gone.
  useEffect(() => () => current.current?.abort(), []);

  const finish = useCallback(
    /** True when the import succeeded. */
    (answer: UploadAnswer, type: BulkUploadType): boolean => {
      if (answer.status >= 200 && answer.status < 300) {
        const items = importedItems(answer);
        setImported({ type, items });
        toastSuccess("Upload Successful", importedText(items.length, type));
        // Users, categories, posts or replies changed: every list and count is stale.
        void queryClient.invalidateQueries();
        return true;
      }
      if (answer.status === 401) loggedOut();
      else {
        setReport(problemReportOf(answer));
        toastError("Upload Failed", failureText(answer));
      }
      return false;
    },
    [loggedOut, queryClient],
  );

  const upload = useCallback(
    /** Resolves true when the file was imported (the form then lets go of it). */
    async (file: File | null, type: BulkUploadType | null): Promise<boolean> => {
      if (!file || !type) {
        toastError("Missing Information", MESSAGES.bulkFileAndType);
        return false;
      }
      if (!isExcelFile(file)) {
        toastError("Invalid File Type", MESSAGES.bulkFileType);
        return false;
      }
      setReport(null);
      setImported(null);
      setPhase({ kind: "uploading", loaded: 0, total: file.size });
      const handle = uploadSpreadsheet(file, type, {
        onProgress: (loaded, total) => setPhase({ kind: "uploading", loaded, total }),
        onUploaded: () => setPhase({ kind: "importing", total: file.size }),
      });
      current.current = handle;
      try {
        return finish(await handle.answer, type);
      } catch (error) {
        if (!(error instanceof DOMException && error.name === "AbortError"))
          toastError("Upload Failed", "Failed to upload file");
        return false;
      } finally {
        if (current.current === handle) {
          current.current = null;
          setPhase({ kind: "idle" });
        }
      }
    },
    [finish],
  );

  return { phase, report, imported, upload };
}
