// The admin post list's filters: text in the title or content (any case) and one category.
import type { PostView } from "@forum/contracts";

export const ALL_CATEGORIES = "all";

export type PostFilter = { search: string; categoryId: string };

export function isFiltering(filter: PostFilter): boolean {
  return filter.search.trim() !== "" || filter.categoryId !== ALL_CATEGORIES;
}

export function filterPosts(posts: PostView[], filter: PostFilter): PostView[] {
  const needle = filter.search.trim().toLowerCase();
  return posts.filter(
    (post) =>
      (filter.categoryId === ALL_CATEGORIES || String(post.categoryId) === filter.categoryId) &&
      (!needle || post.title.toLowerCase().includes(needle) || post.content.toLowerCase().includes(needle)),
  );
}
