// What search engines and link previews read in a page's <head>: its title, description,
// canonical address, OpenGraph and Twitter card tags, and on a post page the schema.org
// DiscussionForumPosting (Google's structured data for forums) with the replies as comments.
// The forum's name and description are the admin's (screen "Site"), read with the page's data.
import type { CategoryView, PostView, ProfileView, ReplyView, Site } from "@forum/contracts";
import { plainTextOf } from "@forum/contracts/plain-text";

export type PageHead = {
  /** The forum's name (og:site_name). */
  siteName: string;
  title: string;
  description: string;
  /** The page's address without its query, on the forum's public origin. */
  canonical: string;
  type: "website" | "article" | "profile";
  /** Pages that are nobody's search result: sign-in, settings, not found. */
  noindex: boolean;
  jsonLd?: object;
};

/** What the matched page showed, for its description and structured data. */
export type PageFacts =
  | { kind: "post"; post: PostView; replies: ReplyView[] | undefined }
  | { kind: "category"; category: CategoryView }
  | { kind: "profile"; profile: ProfileView }
  | { kind: "other"; description?: string; noindex: boolean };

export function pageHead(
  site: Site,
  origin: string,
  pathname: string,
  title: string | undefined,
  facts: PageFacts,
): PageHead {
  const canonical = `${origin}${pathname}`;
  const head: PageHead = {
    siteName: site.name,
    title: title ?? site.name,
    description: site.description,
    canonical,
    type: "website",
    noindex: false,
  };
  switch (facts.kind) {
    case "post":
      head.description = oneLine(facts.post.summary);
      head.type = "article";
      head.jsonLd = discussionPosting(site, origin, canonical, facts.post, facts.replies);
      break;
    case "category":
      head.description = oneLine(
        facts.category.description || `Discussions about ${facts.category.name} on ${site.name}.`,
      );
      break;
    case "profile":
      head.type = "profile";
      head.description = `${facts.profile.username} on ${site.name}: ${facts.profile.postCount} posts, ${facts.profile.replyCount} replies.`;
      break;
    default:
      if (facts.description) head.description = facts.description;
      head.noindex = facts.noindex;
      // The home page says what the site is (schema.org WebSite: its name in search results).
      if (pathname === "/") head.jsonLd = webSite(site, origin);
  }
  return head;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function person(origin: string, author: PostView["author"]) {
  return author
    ? { "@type": "Person", name: author.username, url: `${origin}/u/${encodeURIComponent(author.username)}` }
    : { "@type": "Person", name: "Unknown" };
}

const likes = (count: number) => ({
  "@type": "InteractionCounter",
  interactionType: "https://schema.org/LikeAction",
  userInteractionCount: count,
});

function webSite(site: Site, origin: string) {
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    "@id": `${origin}/`,
    url: `${origin}/`,
    name: site.name,
    description: site.description,
  };
}

function discussionPosting(site: Site, origin: string, url: string, post: PostView, replies: ReplyView[] | undefined) {
  return {
    "@context": "https://schema.org",
    "@type": "DiscussionForumPosting",
    "@id": url,
    mainEntityOfPage: url,
    url,
    isPartOf: { "@type": "WebSite", "@id": `${origin}/`, name: site.name, url: `${origin}/` },
    headline: post.title,
    text: plainTextOf(post.content),
    author: person(origin, post.author),
    datePublished: post.createdAt,
    ...(post.updatedAt !== post.createdAt ? { dateModified: post.updatedAt } : {}),
    ...(post.category ? { articleSection: post.category.name } : {}),
    interactionStatistic: [
      likes(post.upvotes),
      {
        "@type": "InteractionCounter",
        interactionType: "https://schema.org/CommentAction",
        userInteractionCount: post.replyCount,
      },
    ],
    comment: (replies ?? []).map((reply) => ({
      "@type": "Comment",
      "@id": `${url}#reply-${reply.id}`,
      url: `${url}#reply-${reply.id}`,
      text: plainTextOf(reply.content),
      author: person(origin, reply.author),
      datePublished: reply.createdAt,
      interactionStatistic: likes(reply.upvotes),
    })),
  };
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (char) => ESCAPES[char] ?? char);

/** JSON inside a <script> element: "<" escaped, so no text can close the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** The head's tags; its JSON-LD goes at the end of the body (see entry-server.tsx). */
export function headTags(head: PageHead): string {
  const meta = (attribute: "name" | "property", key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta("name", "description", head.description),
    `<link rel="canonical" href="${escapeHtml(head.canonical)}" />`,
    meta("property", "og:site_name", head.siteName),
    meta("property", "og:type", head.type),
    meta("property", "og:title", head.title),
    meta("property", "og:description", head.description),
    meta("property", "og:url", head.canonical),
    meta("name", "twitter:card", "summary"),
    meta("name", "twitter:title", head.title),
    meta("name", "twitter:description", head.description),
  ];
  if (head.noindex) tags.push(meta("name", "robots", "noindex"));
  return tags.join("");
}
