// The ad form's fields, from an ad (edit) or blank (create).
import { AD_DIMENSIONS, AD_PLACEMENTS, AD_TYPES, type AdView } from "@forum/contracts";

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
