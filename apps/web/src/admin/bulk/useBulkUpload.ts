// One bulk upload from the screen's point of view: the checks before sending, the bytes sent,
// the import, then the toast (spec sections 5 and 8) and, for a refused file, its problem rows.
import { type BulkUploadType, MESSAGES } from "@forum/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { toastError, toastSuccess } from "../../lib/toast";
import { useLoggedOut } from "../../lib/useApiError";
import { importedText, isExcelFile } from "./bulkTypes";
import { failureText, importedCount, type ProblemReport, problemReportOf } from "./uploadResult";
import { type UploadAnswer, type UploadHandle, uploadSpreadsheet } from "./uploadSpreadsheet";

export type UploadPhase =
  | { kind: "idle" }
  | { kind: "uploading"; loaded: number; total: number }
  | { kind: "importing"; total: number };

export function useBulkUpload() {
  const queryClient = useQueryClient();
  const loggedOut = useLoggedOut();
  const [phase, setPhase] = useState<UploadPhase>({ kind: "idle" });
  const [report, setReport] = useState<ProblemReport | null>(null);
  const current = useRef<UploadHandle | null>(null);

  // Leaving the screen mid-upload cancels it rather than updating a screen that is gone.
  useEffect(() => () => current.current?.abort(), []);

  const finish = useCallback(
    (answer: UploadAnswer, type: BulkUploadType) => {
      if (answer.status >= 200 && answer.status < 300) {
        toastSuccess("Upload Successful", importedText(importedCount(answer), type));
        // Users, categories, posts or replies changed: every list and count is stale.
        void queryClient.invalidateQueries();
        return;
      }
      if (answer.status === 401) return loggedOut();
      setReport(problemReportOf(answer));
      toastError("Upload Failed", failureText(answer));
    },
    [loggedOut, queryClient],
  );

  const upload = useCallback(
    async (file: File | null, type: BulkUploadType | null) => {
      if (!file || !type) {
        toastError("Missing Information", MESSAGES.bulkFileAndType);
        return;
      }
      if (!isExcelFile(file)) {
        toastError("Invalid File Type", MESSAGES.bulkFileType);
        return;
      }
      setReport(null);
      setPhase({ kind: "uploading", loaded: 0, total: file.size });
      const handle = uploadSpreadsheet(file, type, {
        onProgress: (loaded, total) => setPhase({ kind: "uploading", loaded, total }),
        onUploaded: () => setPhase({ kind: "importing", total: file.size }),
      });
      current.current = handle;
      try {
        finish(await handle.answer, type);
      } catch (error) {
        if (error instanceof DOMException && error.name === "AbortError") return;
        toastError("Upload Failed", "Failed to upload file");
      } finally {
        if (current.current === handle) {
          current.current = null;
          setPhase({ kind: "idle" });
        }
      }
    },
    [finish],
  );

  return { phase, report, upload };
}
