// The ad form's fields, from an ad (edit) or blank (create), and the payload they save as.
import { AD_DIMENSIONS, AD_PLACEMENTS, AD_TYPES, type AdView, isBlank } from "@forum/contracts";

export type AdDraft = Pick<AdView, "title" | "content" | "type" | "placement" | "dimensions" | "active">;

export const AD_TYPE_OPTIONS = [...AD_TYPES];
export const AD_PLACEMENT_OPTIONS = [...AD_PLACEMENTS];
export const AD_DIMENSION_OPTIONS = [...AD_DIMENSIONS];

export function draftOf(ad: AdView | null): AdDraft {
  if (!ad) return { title: "", content: "", type: "custom", placement: "sidebar", dimensions: null, active: true };
  return {
    title: ad.title,
    content: ad.content,
    type: ad.type,
    placement: ad.placement,
    dimensions: ad.dimensions,
    active: ad.active,
  };
}

/** Every field, trimmed: an edit saves the whole ad, so nothing falls back to a default. */
export function payloadOf(draft: AdDraft) {
  return { ...draft, title: draft.title.trim(), content: draft.content.trim() };
}

export function isComplete(draft: AdDraft): boolean {
  return !isBlank(draft.title) && !isBlank(draft.content);
}
