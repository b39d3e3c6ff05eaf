// Lists are read a page (20) at a time, each page asked for with one item more than it shows:
// the extra item says whether the server has a next page, so Load More is offered only then
// (a full last page used to leave it on screen, loading nothing).
import { PAGE_STEP } from "@forum/contracts";

export const PAGE_PROBE = PAGE_STEP + 1;

export function pageOf<T>(items: readonly T[]): { shown: T[]; more: boolean } {
  return { shown: items.slice(0, PAGE_STEP), more: items.length > PAGE_STEP };
}
