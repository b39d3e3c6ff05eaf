// Rows to API shapes, in one place.
import {
  type AdminUserView,
  type AdView,
  type AuthorView,
  type CategoryView,
  type CurrentUser,
  DEFAULT_PREFERENCES,
  type MyVote,
  shownUsername,
  type UserPreferences,
} from "@forum/contracts";
import type { AdRow, CategoryRow, UserRow } from "@forum/db";

export const iso = (ms: number) => new Date(ms).toISOString();

export function myVoteOf(value: number | null | undefined): MyVote {
  return value === 1 ? "up" : value === -1 ? "down" : "none";
}

export function preferencesOf(json: string | null): UserPreferences {
  if (!json) return { ...DEFAULT_PREFERENCES };
  try {
    return { ...DEFAULT_PREFERENCES, ...(JSON.parse(json) as Partial<UserPreferences>) };
  } catch {
    return { ...DEFAULT_PREFERENCES };
  }
}

export function toCurrentUser(row: UserRow): CurrentUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    emailConfirmed: row.emailConfirmedAt !== null,
    pendingEmail: row.pendingEmail,
    firstName: row.firstName,
    lastName: row.lastName,
    bio: row.bio,
    website: row.website,
    location: row.location,
    role: row.role,
    banned: row.banned === 1,
    profileImageUrl: row.profileImageUrl,
    preferences: preferencesOf(row.preferences),
    createdAt: iso(row.createdAt),
    twoStepEnabled: row.totpEnabledAt !== null,
  };
}

export function toAdminUser(row: UserRow): AdminUserView {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    banned: row.banned === 1,
    profileImageUrl: row.profileImageUrl,
    createdAt: iso(row.createdAt),
  };
}

export type AuthorColumns = {
  authorId: number;
  authorUsername: string;
  authorFirstName: string | null;
  authorLastName: string | null;
  authorProfileImageUrl: string | null;
  /** The author's preferences JSON: "Show Profile in Posts" off keeps name and picture out. */
  authorPreferences: string | null;
};

/**
 * The author of a post or reply. A member who turned "Show Profile in Posts" off appears there
 * by username alone: their name and picture stay on their profile page, out of their posts.
 */
export function toAuthor(row: AuthorColumns): AuthorView {
  const showProfile = row.authorPreferences === null || preferencesOf(row.authorPreferences).showProfileInPosts;
  return {
    id: row.authorId,
    // A deleted member who kept their posts: "deleted member" (their row holds no name any more).
    username: shownUsername(row.authorUsername),
    firstName: showProfile ? row.authorFirstName : null,
    lastName: showProfile ? row.authorLastName : null,
    profileImageUrl: showProfile ? row.authorProfileImageUrl : null,
  };
}

export function toCategory(row: CategoryRow): CategoryView {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    color: row.color,
    postCount: row.postCount,
    createdAt: iso(row.createdAt),
  };
}

export function toAd(row: AdRow): AdView {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    type: row.type,
    placement: row.placement,
    dimensions: row.dimensions,
    active: row.active === 1,
    impressions: row.impressions,
    clickCount: row.clickCount,
    createdAt: iso(row.createdAt),
  };
}
