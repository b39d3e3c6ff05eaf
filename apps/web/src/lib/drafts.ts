// Save Draft keeps the create-post form in this browser, offered back when the dialog reopens.
const KEY = "forum:post-draft";

export type Draft = { title: string; content: string; excerpt: string; categoryId: string; featured: boolean };
export const EMPTY_DRAFT: Draft = { title: "", content: "", excerpt: "", categoryId: "", featured: false };

export function saveDraft(draft: Draft): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(draft));
  } catch {
    // Private mode or a full storage: the toast still confirms, nothing else to do.
  }
}

export function loadDraft(): Draft | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const draft = { ...EMPTY_DRAFT, ...(JSON.parse(raw) as Partial<Draft>) };
    return draft.title || draft.content || draft.excerpt ? draft : null;
  } catch {
    return null;
  }
}

export function clearDraft(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // see saveDraft
  }
}
