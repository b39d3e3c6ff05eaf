// Every problem of an upload is counted; the first ones (by row) are listed, so a file with a
// mistake on each of 100,000 rows answers quickly with a readable list, not a huge body.
import { type BulkProblem, MESSAGES } from "@forum/contracts";
import { badRequestWithDetails } from "../../errors";

export const MAX_LISTED_PROBLEMS = 1000;

/** What Problems holds, as plain data (it crosses from the parsing worker thread). */
export type ProblemsState = {
  listed: Array<BulkProblem & { order: number }>;
  phaseListed: number;
  total: number;
  rows: number[];
};

export class Problems {
  private listed: Array<BulkProblem & { order: number }> = [];
  private phaseListed = 0;
  private total = 0;
  private readonly rows = new Set<number>();

  constructor(private readonly columnOrder: readonly string[]) {}

  toState(): ProblemsState {
    return { listed: this.listed, phaseListed: this.phaseListed, total: this.total, rows: [...this.rows] };
  }

  static fromState(columnOrder: readonly string[], state: ProblemsState): Problems {
    const problems = new Problems(columnOrder);
    problems.listed = state.listed;
    problems.phaseListed = state.phaseListed;
    problems.total = state.total;
    for (const row of state.rows) problems.rows.add(row);
    return problems;
  }

  /**
   * Problems are found in passes (cells, then lookups against the database), each in row
   * order. Keeping the first MAX_LISTED_PROBLEMS of each pass is enough to list the first
   * MAX_LISTED_PROBLEMS overall once they are sorted.
   */
  nextPass(): void {
    this.phaseListed = 0;
  }

  add(row: number, column: string, message: string): void {
    this.total += 1;
    this.rows.add(row);
    if (this.phaseListed >= MAX_LISTED_PROBLEMS) return;
    this.phaseListed += 1;
    const index = this.columnOrder.indexOf(column);
    this.listed.push({ row, column, message, order: index === -1 ? this.columnOrder.length : index });
  }

  get any(): boolean {
    return this.total > 0;
  }

  /** Refuses the upload when anything was found: 400 with the list, nothing written. */
  throwIfAny(): void {
    if (!this.any) return;
    const errors = this.listed
      .sort((a, b) => a.row - b.row || a.order - b.order)
      .slice(0, MAX_LISTED_PROBLEMS)
      .map(({ row, column, message }) => ({ row, column, message }));
    throw badRequestWithDetails(MESSAGES.bulkRowsHaveProblems(this.rows.size), {
      errors,
      totalErrors: this.total,
    });
  }
}
