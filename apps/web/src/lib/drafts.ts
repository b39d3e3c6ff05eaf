// The create-post form is kept in this browser as the member writes, one draft per member: it
// survives closing the dialog, a reload and a trip to the login screen, and reopening the
// dialog says "Draft restored" with a Discard draft action. (A browser draft, made obvious; not
// kept on the server, so another browser does not see it.)
import { EMPTY_POST_FORM, type PostForm } from "@forum/contracts";

const KEY = "forum:post-draft";

/** The create form's values: a post's editable fields as a form holds them (@forum/contracts). */
export type Draft = PostForm;
export const EMPTY_DRAFT: Draft = EMPTY_POST_FORM;

const keyOf = (userId: number) => `${KEY}:${userId}`;

/** Something was written: any text field but the category's id. */
export function hasText(draft: Draft): boolean {
  return Object.entries(draft).some(
    ([key, value]) => key !== "categoryId" && typeof value === "string" && value.trim(),
  );
}

/** False when the browser refuses storage (private mode, full storage). */
export function saveDraft(userId: number, draft: Draft): boolean {
  try {
    if (hasText(draft)) localStorage.setItem(keyOf(userId), JSON.stringify(draft));
    else localStorage.removeItem(keyOf(userId));
    return true;
  } catch {
    return false;
  }
}

export function loadDraft(userId: number): Draft | null {
  try {
    const raw = localStorage.getItem(keyOf(userId));
    if (!raw) return null;
    const draft = { ...EMPTY_DRAFT, ...(JSON.parse(raw) as Partial<Draft>) };
    return hasText(draft) ? draft : null;
  } catch {
    return null;
  }
}

export function clearDraft(userId: number): void {
  try {
    localStorage.removeItem(keyOf(userId));
  } catch {
    // see saveDraft
  }
}
