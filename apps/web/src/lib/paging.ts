// Lists are read a page at a time (20 items, or the page size a list chooses), each page asked
// for with one item more than it shows: the extra item says whether the server has a next page,
// so Load More is offered only then (a full last page used to leave it on screen, loading nothing).
import { PAGE_STEP } from "@forum/contracts";

export function pageOf<T>(items: readonly T[], pageSize = PAGE_STEP): { shown: T[]; more: boolean } {
  return { shown: items.slice(0, pageSize), more: items.length > pageSize };
}
