// Reads the bulk-upload answer: the imported items, or the failure with its problem rows.
import type { BulkProblem } from "@forum/contracts";
import { answerMessage, type UploadAnswer } from "../../lib/sendForm";
import type { ImportedItem } from "./BulkImported";

/** A listed problem, with a key of its own: one cell can have two problems. */
export type ListedProblem = BulkProblem & { key: number };
export type ProblemReport = { message: string; problems: ListedProblem[]; total: number };

function record(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
}

/** The items a successful import wrote (its data list). */
export function importedItems(answer: UploadAnswer): ImportedItem[] {
  const data = record(answer.body).data;
  return Array.isArray(data) ? (data as ImportedItem[]) : [];
}

/** The spec's error text: the status, a colon and space, then the server's message or body. */
export function failureText(answer: UploadAnswer): string {
  return `${answer.status}: ${answerMessage(answer)}`;
}

/** The rows a refused import lists (400 with errors), or null when it lists none. */
export function problemReportOf(answer: UploadAnswer): ProblemReport | null {
  const body = record(answer.body);
  if (answer.status !== 400 || !Array.isArray(body.errors) || body.errors.length === 0) return null;
  const problems = body.errors.map((item, key) => {
    const problem = record(item);
    const message = String(problem.message ?? "");
    return { key, row: Number(problem.row), column: String(problem.column ?? ""), message };
  });
  const total = typeof body.totalErrors === "number" ? body.totalErrors : problems.length;
  return { message: typeof body.message === "string" ? body.message : "", problems, total };
}
