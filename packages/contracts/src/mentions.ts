// @mentions in posts and replies: the server notifies the members named, the web app links them
// to their profiles. One rule for both: "@" not preceded by a letter, digit or username character
// (so an email address is not a mention), then a username; dots and hyphens that end it belong to
// the sentence ("thanks @ada.").

const MENTION = /(?<![\p{L}\p{N}_.@-])@([A-Za-z0-9_.-]+)/gu;
/** Members a single post or reply can notify at most. */
export const MAX_MENTIONS = 20;

export type MentionPart = { text: string; username?: string };

function usernameOf(raw: string): string | null {
  const name = raw.replace(/[.-]+$/, "");
  return name.length >= 3 && name.length <= 32 ? name : null;
}

/** The usernames mentioned in `text`, lower-case, each once, in order, at most MAX_MENTIONS. */
export function mentionedUsernames(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(MENTION)) {
    const name = usernameOf(match[1] ?? "");
    if (name) names.add(name.toLowerCase());
    if (names.size >= MAX_MENTIONS) break;
  }
  return [...names];
}

/** `text` split into plain runs and mentions ("@name", with the username to link to). */
export function mentionParts(text: string): MentionPart[] {
  const parts: MentionPart[] = [];
  let at = 0;
  for (const match of text.matchAll(MENTION)) {
    const name = usernameOf(match[1] ?? "");
    if (!name) continue;
    if (match.index > at) parts.push({ text: text.slice(at, match.index) });
    parts.push({ text: `@${name}`, username: name });
    at = match.index + 1 + name.length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}
