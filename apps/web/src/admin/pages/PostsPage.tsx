// Posts Management (/admin/posts): every post with search, category filter, edit, delete and view.
// The newest 1,000 are loaded and filtered here; a search also finds older ones on the server.
import { type PostView, updatePostInput } from "@forum/contracts";
import { Badge, Stack, Text } from "@mantine/core";
import { useMemo, useState } from "react";
import { EditPostDialog } from "../../components/post/EditPostDialog";
import { plural } from "../../lib/format";
import { AdminEmptyState } from "../AdminEmptyState";
import { AdminPageHeader } from "../AdminPageHeader";
import { LoadFailed } from "../LoadFailed";
import { AdminPostCard } from "../posts/AdminPostCard";
import { AdminPostCardSkeletons } from "../posts/AdminPostCardSkeleton";
import { DeletePostDialog } from "../posts/DeletePostDialog";
import { ALL_CATEGORIES, filterPosts, isFiltering, type PostFilter } from "../posts/filterPosts";
import { OlderMatches } from "../posts/OlderMatches";
import { PostFilters } from "../posts/PostFilters";
import { MAX_ADMIN_POSTS, useAllPosts } from "../posts/useAllPosts";
import { useDialogTarget } from "../useDialogTarget";

/** The admin list names a missing title (spec section 5), as the update call's schema does. */
const ADMIN_EDIT_SCHEMA = updatePostInput.omit({ id: true });

export default function PostsPage() {
  const posts = useAllPosts();
  const [filter, setFilter] = useState<PostFilter>({ search: "", categoryId: ALL_CATEGORIES });
  const shown = useMemo(() => filterPosts(posts.data ?? [], filter), [posts.data, filter]);
  const loadedIds = useMemo(() => new Set((posts.data ?? []).map((post) => post.id)), [posts.data]);
  const editing = useDialogTarget<PostView>();
  const deleting = useDialogTarget<PostView>();

  return (
    <>
      <AdminPageHeader
        title="Posts Management"
        subtitle="Edit, delete and manage forum posts"
        actions={
          posts.isSuccess && (
            <Badge size="lg" variant="light" tt="none" aria-live="polite">
              {plural(shown.length, "post", "posts")}
            </Badge>
          )
        }
      />
      <Stack gap="md">
        <PostFilters filter={filter} onChange={setFilter} />
        {posts.isPending ? (
          <AdminPostCardSkeletons />
        ) : posts.isError ? (
          <LoadFailed what="posts" onRetry={() => void posts.refetch()} />
        ) : shown.length === 0 ? (
          isFiltering(filter) ? (
            <AdminEmptyState title="No posts found" text="Try adjusting your search filters" />
          ) : (
            <AdminEmptyState title="No posts yet" text="Posts will appear here as users create them" />
          )
        ) : (
          shown.map((post) => (
            <AdminPostCard
              key={post.id}
              post={post}
              onEdit={() => editing.open(post)}
              onDelete={() => deleting.open(post)}
            />
          ))
        )}
        {posts.data && posts.data.length >= MAX_ADMIN_POSTS && (
          <>
            <Text size="sm" c="dimmed" ta="center">
              Showing the newest {MAX_ADMIN_POSTS} posts.
            </Text>
            <OlderMatches filter={filter} loadedIds={loadedIds} onEdit={editing.open} onDelete={deleting.open} />
          </>
        )}
      </Stack>
      {editing.target && (
        <EditPostDialog
          post={editing.target}
          opened={editing.opened}
          onClose={editing.close}
          schema={ADMIN_EDIT_SCHEMA}
        />
      )}
      <DeletePostDialog post={deleting.target} opened={deleting.opened} onClose={deleting.close} />
    </>
  );
}
