// The post page's body kept with a hole for its view count (see packages/api/src/cache/countedView.ts):
// a visitor's read counts its view and sends the kept bytes around the new figure, instead of
// running the procedure, copying the cached post and serialising it again. Measured with npm run
// bench (bench/README.md, issue 16).
import { type CountedView, countedViewOf, type ViewCounter } from "@forum/api";
import type { Bodies } from "./jsonBody";

export type CountedBody = CountedView & { before: Buffer; after: Buffer };

// A number no answer holds: the answer is serialised once with it in place of `views`.
const MARK = -0.123456789012345;
const MARKED_FIELD = `"views":${JSON.stringify(MARK)}`;

/**
 * The body of `answer` as `serialize` writes it, split where its view count goes; undefined when
 * the answer counts no view (or its `views` is not found exactly once).
 */
export function countedBodyOf(
  answer: unknown,
  serialize: (answer: unknown) => string | undefined,
): CountedBody | undefined {
  const counted = countedViewOf(answer);
  if (!counted) return undefined;
  const text = serialize({ ...(answer as object), views: MARK });
  const at = text?.indexOf(MARKED_FIELD) ?? -1;
  if (text === undefined || at < 0 || text.includes(MARKED_FIELD, at + 1)) return undefined;
  const hole = at + MARKED_FIELD.length - JSON.stringify(MARK).length;
  return {
    ...counted,
    before: Buffer.from(text.slice(0, hole)),
    after: Buffer.from(text.slice(at + MARKED_FIELD.length)),
  };
}

/** Counts this request's view and answers the body with the stored views plus the unwritten ones. */
export function fillCountedBody(body: CountedBody, views: ViewCounter): Bodies {
  const shown = body.storedViews + views.record(body.postId);
  return { identity: Buffer.concat([body.before, Buffer.from(String(shown)), body.after]) };
}
