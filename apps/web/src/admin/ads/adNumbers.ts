// The numbers of the ad screen (spec sections 5 and 9): click-through rate, content preview and
// the ads-between-posts setting.
import {
  AD_CONTENT_PREVIEW_LENGTH,
  ADS_BETWEEN_POSTS_DEFAULT,
  ADS_BETWEEN_POSTS_MAX,
  ADS_BETWEEN_POSTS_MIN,
} from "@forum/contracts";

/** Clicks divided by impressions as a percent with two decimals; "0.00%" before any impression. */
export function clickThroughRate(clicks: number, impressions: number): string {
  if (!(impressions > 0)) return "0.00%";
  return `${((clicks / impressions) * 100).toFixed(2)}%`;
}

/** The first 200 characters of an ad's content, shown as text (never rendered as HTML). */
export function contentPreview(content: string): string {
  return content.length > AD_CONTENT_PREVIEW_LENGTH ? `${content.slice(0, AD_CONTENT_PREVIEW_LENGTH)}...` : content;
}

/** A whole number from 1 to 10; anything that is not a number falls back to 3. */
export function adsBetweenPostsOf(value: string | number): number {
  const number = typeof value === "number" ? value : Number.parseInt(value, 10);
  if (!Number.isFinite(number)) return ADS_BETWEEN_POSTS_DEFAULT;
  return Math.min(ADS_BETWEEN_POSTS_MAX, Math.max(ADS_BETWEEN_POSTS_MIN, Math.round(number)));
}
