// The state of each export on the Export screen: idle, running (rows of the total), done (the
// file's name and rows) or failed (the server's message). One export at a time per kind and format.
import type { BulkUploadType, SpreadsheetExportFormat } from "@forum/contracts";
import { useState } from "react";
import { downloadExport, type ExportProgress } from "./downloadExport";

export type ExportState =
  | { kind: "running"; format: SpreadsheetExportFormat; progress: ExportProgress | null }
  | { kind: "done"; format: SpreadsheetExportFormat; fileName: string; rows: number }
  | { kind: "failed"; format: SpreadsheetExportFormat; message: string };

export function useExports() {
  const [states, setStates] = useState<Partial<Record<BulkUploadType, ExportState>>>({});
  const set = (type: BulkUploadType, state: ExportState) => setStates((all) => ({ ...all, [type]: state }));

  const start = async (type: BulkUploadType, format: SpreadsheetExportFormat) => {
    if (states[type]?.kind === "running") return;
    set(type, { kind: "running", format, progress: null });
    try {
      const done = await downloadExport(type, format, (progress) => set(type, { kind: "running", format, progress }));
      set(type, { kind: "done", format, ...done });
    } catch (error) {
      set(type, { kind: "failed", format, message: error instanceof Error ? error.message : String(error) });
    }
  };
  return { states, start };
}
