// The numbers of the ad screen (spec sections 5 and 9): click-through rate and content preview.
import { AD_CONTENT_PREVIEW_LENGTH } from "@forum/contracts";

/** Clicks divided by impressions as a percent with two decimals; "0.00%" before any impression. */
export function clickThroughRate(clicks: number, impressions: number): string {
  if (!(impressions > 0)) return "0.00%";
  return `${((clicks / impressions) * 100).toFixed(2)}%`;
}

/** The first 200 characters of an ad's content, shown as text (never rendered as HTML). */
export function contentPreview(content: string): string {
  return content.length > AD_CONTENT_PREVIEW_LENGTH ? `${content.slice(0, AD_CONTENT_PREVIEW_LENGTH)}...` : content;
}
