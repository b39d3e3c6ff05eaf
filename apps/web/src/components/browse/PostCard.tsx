// A post in any list (spec: Post card). Plain elements styled in styles/global.css (`.post-card`)
// around the shared badge, avatar and byline: a page holds twenty cards or more, and Mantine's
// Card, Group, Stack, Text and Button made some thirty elements and fifteen inline styles of each,
// which the phone styled, laid out and hydrated before anything worked (bench/README.md).
import type { PostCardView } from "@forum/contracts";
import { Badge } from "@mantine/core";
import { IconArrowBigUp, IconEye, IconMessageCircle, IconPin } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { relativeTime } from "../../lib/format";
import { ReadMarks } from "../reading/ReadMarks";
import { ByAuthor } from "../ui/ByAuthor";
import { CategoryBadge } from "../ui/CategoryBadge";
import { UserAvatar } from "../ui/UserAvatar";

export function PostCard({ post, badge, compact }: { post: PostCardView; badge?: ReactNode; compact?: boolean }) {
  const href = `/posts/${post.slug}`;
  return (
    <article className="post-card" aria-label={post.title}>
      <UserAvatar user={post.author} size="md" />
      <div className="post-card-body">
        <div className="post-card-meta">
          {badge}
          <ReadMarks post={post} />
          {post.pinned && (
            // The post page's pin (an emoji showed as an empty box where no emoji font is installed).
            <Badge color="teal" variant="light" leftSection={<IconPin size={12} aria-hidden />}>
              Pinned
            </Badge>
          )}
          <CategoryBadge category={post.category} />
          {post.featured && (
            <Badge color="yellow" variant="filled">
              FEATURED
            </Badge>
          )}
          <span className="post-card-dimmed" suppressHydrationWarning>
            {relativeTime(post.createdAt)}
          </span>
          <ByAuthor author={post.author} />
        </div>
        <h2 className="post-card-title">
          <Link to={href} className="mantine-focus-auto">
            {post.title}
          </Link>
        </h2>
        {!compact && <p className="post-card-summary">{post.summary}</p>}
        <div className="post-card-footer">
          <div className="post-card-stats">
            <Stat icon={<IconArrowBigUp size={16} aria-hidden />} label="votes" value={post.votes} />
            <Stat icon={<IconMessageCircle size={16} aria-hidden />} label="replies" value={post.replyCount} />
            <Stat icon={<IconEye size={16} aria-hidden />} label="views" value={post.views} />
          </div>
          {/* The title is part of the link's text, not only of an aria-label: twenty links reading
              "Read More" say nothing apart in a list of links or to a search engine. */}
          <Link to={href} className="post-card-more mantine-focus-auto">
            Read More<span className="visually-hidden">{` about ${post.title}`}</span>
          </Link>
        </div>
      </div>
    </article>
  );
}

function Stat({ icon, label, value }: { icon: ReactNode; label: string; value: number }) {
  return (
    <span className="post-card-stat" title={label}>
      {icon}
      <span>
        {value} <span className="visually-hidden">{label}</span>
      </span>
    </span>
  );
}
