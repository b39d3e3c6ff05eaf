// The post page counts a view on every read, so its HTTP body is never kept whole; yet two
// visitors' answers differ only in `views`: the stored count plus the views not yet written. The
// resolver marks its answer with what that figure is made of, and the HTTP layer keeps the body
// with a hole where the figure goes (apps/server/src/plugins/countedBodies.ts): a visitor's read
// then counts its view and fills the hole, the same sum the resolver computes.

const COUNTED_VIEW = Symbol("countedView");

/** The post whose view the answer counts, and its view count as stored when it was read. */
export type CountedView = { postId: number; storedViews: number };

/** Marks an answer (a fresh object); JSON never shows a symbol-keyed property. */
export function markCountedView<T extends object>(answer: T, counted: CountedView): T {
  return Object.assign(answer, { [COUNTED_VIEW]: counted });
}

export function countedViewOf(answer: unknown): CountedView | undefined {
  if (typeof answer !== "object" || answer === null) return undefined;
  return (answer as { [COUNTED_VIEW]?: CountedView })[COUNTED_VIEW];
}
