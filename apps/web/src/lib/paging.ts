// Lists are read a page at a time (20 items, or the page size a list chooses), each page asked
// for with one item more than it shows: the extra item says whether the server has a next page,
// so Load More is offered only then (a full last page used to leave it on screen, loading nothing).
import { PAGE_STEP } from "@forum/contracts";

export function pageOf<T>(items: readonly T[], pageSize = PAGE_STEP): { shown: T[]; more: boolean } {
  return { shown: items.slice(0, pageSize), more: items.length > pageSize };
}

/**
 * The address parameter that keeps how many pages of a page's main list are shown (?pages=3), so
 * Load More is a link (it works before the app is live, and without it) and a reload or Back shows
 * as many. A new choice of sort or range starts again from one page (useUrlChoice drops it).
 */
export const PAGES_PARAM = "pages";
/** Pages an address may ask for at once: the server renders each. */
export const MAX_LINKED_PAGES = 10;

export function linkedPages(raw: string | null): number {
  const pages = Number(raw);
  return Number.isInteger(pages) && pages > 1 ? Math.min(pages, MAX_LINKED_PAGES) : 1;
}

/** The id of the place where page `page` (from 1) starts: Load More's link lands there. */
export const pageStartId = (page: number) => `page-${page}`;
