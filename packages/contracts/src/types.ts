// Shapes the API answers with. Both doors (tRPC and REST) return exactly these objects.
import type { AdPlacement, AdType, MyVote, Role, THROTTLES } from "./constants";
import type { SearchMatchedIn } from "./search";

export type AuthorView = {
  id: number;
  username: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
};

export type CategoryRef = { name: string; slug: string; color: string };

export type PostView = {
  id: number;
  slug: string;
  title: string;
  content: string;
  excerpt: string | null;
  categoryId: number;
  category: CategoryRef | null;
  authorId: number;
  author: AuthorView | null;
  featured: boolean;
  votes: number;
  upvotes: number;
  downvotes: number;
  replyCount: number;
  views: number;
  createdAt: string;
  updatedAt: string;
  /** The signed-in caller's own vote; "none" for visitors. */
  myVote: MyVote;
};

export type ReplyView = {
  id: number;
  postId: number;
  content: string;
  authorId: number;
  author: AuthorView | null;
  upvotes: number;
  downvotes: number;
  createdAt: string;
  updatedAt: string;
};

export type ProfileReplyView = ReplyView & { post: { slug: string; title: string } };

export type CategoryView = {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  color: string;
  postCount: number;
  createdAt: string;
};

/** The signed-in user as /api/user answers: their own account, email included. */
export type CurrentUser = {
  id: number;
  username: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  bio: string | null;
  website: string | null;
  location: string | null;
  role: Role;
  banned: boolean;
  profileImageUrl: string | null;
  preferences: UserPreferences;
  createdAt: string;
};

export type UserPreferences = {
  emailNotifications: boolean;
  replyNotifications: boolean;
  weeklyDigest: boolean;
  showProfileInPosts: boolean;
};
export const DEFAULT_PREFERENCES: UserPreferences = {
  emailNotifications: true,
  replyNotifications: true,
  weeklyDigest: false,
  showProfileInPosts: true,
};

/** A public profile; email only when the caller is that user or an admin. */
export type ProfileView = {
  id: number;
  username: string;
  email?: string;
  firstName: string | null;
  lastName: string | null;
  bio: string | null;
  website: string | null;
  location: string | null;
  role: Role;
  banned: boolean;
  profileImageUrl: string | null;
  createdAt: string;
  postCount: number;
  replyCount: number;
  reputation: number;
};

/** A user row in the admin lists. */
export type AdminUserView = {
  id: number;
  username: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: Role;
  banned: boolean;
  profileImageUrl: string | null;
  createdAt: string;
};

export type VoteResult = {
  postId: number;
  upvotes: number;
  downvotes: number;
  votes: number;
  myVote: MyVote;
};

export type TrendingTopic = { id: number; name: string; slug: string; color: string; count: number };

export type AdView = {
  id: number;
  title: string;
  content: string;
  type: AdType;
  placement: AdPlacement;
  dimensions: string | null;
  active: boolean;
  impressions: number;
  clickCount: number;
  createdAt: string;
};

export type AdSettingsView = {
  enableAds: boolean;
  adsensePubId: string | null;
  /** The same value under the name the display code reads. */
  adsenseCode: string | null;
  adsBetweenPosts: number;
  postsInterval: number;
};

export type AdminStats = { totalUsers: number; totalPosts: number; totalCategories: number };
export type UserStats = { totalUsers: number; activeUsers: number; bannedUsers: number; admins: number };
/** One UTC day of the dashboard's activity chart: what was created that day. */
export type AdminActivityDay = { date: string; posts: number; replies: number; members: number };
export type MessageView = { message: string };
/** The abuse limits the server enforces; `enabled` is false when FORUM_RATE_LIMITS=off. */
export type AbuseLimitsView = { enabled: boolean; newAccountPeriodMs: number; throttles: typeof THROTTLES };

/** A member ranked by the upvotes their posts and replies received in a time range. */
export type RisingStar = AuthorView & { reputationGained: number };

/** A search result: a post as the lists show it, with where it matched and a plain-text snippet. */
export type SearchResultView = PostView & {
  /** Plain text (never HTML), at most 200 characters, around the best match. */
  snippet: string;
  matchedIn: SearchMatchedIn;
};

/** How many posts a search finds; past the cap only that there are more (shown as "1,000+"). */
export type SearchCountView = { count: number; exact: boolean };

export type NotificationType = "reply" | "mention";

export type NotificationView = {
  id: number;
  type: NotificationType;
  read: boolean;
  createdAt: string;
  actor: { username: string };
  post: { id: number; slug: string; title: string };
  /** The reply that caused it (or null for a mention in the post itself): the link's #reply-{id}. */
  replyId: number | null;
  excerpt: string;
};

export type UnreadCountView = { count: number };
