// What each page asked for the last time it was rendered, so its next render can fetch it all at
// once before the first pass. A page's queries are found by rendering (renderApp.tsx): the layout
// asks for the session, then the page for its post, then the post's replies... each answer costs a
// whole pass over the page, and a member's post page took four passes (issue 33's profile: 50-100 ms
// of CPU a page, most of a busy hour's server time). Only query keys are kept, never answers: each
// render fetches them again through the member's own session, so nothing leaks between readers,
// and a page whose screen now asks for something else still gets it by another pass.
import type { QueryKey } from "@tanstack/react-query";

/** Pages remembered at most (the least recently rendered go first). */
const PAGES_KEPT = 2_000;

const learned = new Map<string, readonly QueryKey[]>();

/**
 * The page is named by its address and by whether a member asked for it: a member's page asks for
 * things a visitor's never does (their unread replies, their notifications).
 */
export function pageName(url: string, member: boolean): string {
  return `${member ? "member" : "visitor"} ${url}`;
}

export function queriesOf(page: string): readonly QueryKey[] {
  const keys = learned.get(page);
  if (keys) {
    learned.delete(page);
    learned.set(page, keys);
  }
  return keys ?? [];
}

export function remember(page: string, keys: readonly QueryKey[]): void {
  learned.delete(page);
  learned.set(page, keys);
  if (learned.size > PAGES_KEPT) learned.delete(learned.keys().next().value as string);
}

/** A tRPC query's procedure and input from its key ([["posts", "bySlug"], { input, type }]), or null for other keys. */
export function procedureOf(key: QueryKey): { path: string; input: unknown } | null {
  const [path, options] = key as [unknown, { input?: unknown; type?: string } | undefined];
  if (!Array.isArray(path) || options?.type !== "query") return null;
  return { path: path.join("."), input: options.input };
}
