// "Edit Post": title, category, excerpt, content and, for admins, the featured switch.
// The server lets the author or an admin save; the saved post replaces the cached one.
import { createPostInput, MESSAGES, type PostView } from "@forum/contracts";
import { Switch, Textarea, TextInput } from "@mantine/core";
import { useCurrentUser } from "../../auth/useCurrentUser";
import type { Draft } from "../../lib/drafts";
import { useTRPC } from "../../lib/trpc";
import { type FormSchema, useSchemaForm } from "../../lib/useSchemaForm";
import { useToastedMutation } from "../../lib/useToastedMutation";
import { CategorySelect } from "../CategorySelect";
import { MarkdownEditor } from "../composer/MarkdownEditor";
import { Dialog } from "../Dialog";
import { DialogForm } from "../DialogForm";
import { DialogButtons } from "./DialogButtons";
import { usePatchPost, useRefreshPostLists } from "./postCache";

/** A post's fields as the edit form sends them (the id is added on saving). */
type PostFields = {
  title: string;
  content: string;
  excerpt?: string | null | undefined;
  categoryId: number;
  featured?: boolean | undefined;
};

type Props = {
  post: PostView;
  opened: boolean;
  onClose: () => void;
  onSaved?: (post: PostView) => void;
  /**
   * The form's schema. The post page's rule (spec section 5) is createPostInput's: title,
   * content and category, one message; the admin post list names a missing title.
   */
  schema?: FormSchema<PostFields>;
};

export function EditPostDialog({ post, opened, onClose, onSaved, schema }: Props) {
  return (
    <Dialog opened={opened} onClose={onClose} title="Edit Post" size={600} centered>
      {/* Mounted per opening, so the form always starts from the post as it is now. */}
      {opened && <EditPostForm post={post} onClose={onClose} onSaved={onSaved} schema={schema} />}
    </Dialog>
  );
}

function draftOf(post: PostView): Draft {
  return {
    title: post.title,
    content: post.content,
    excerpt: post.excerpt ?? "",
    categoryId: String(post.categoryId),
    featured: post.featured,
  };
}

function EditPostForm({ post, onClose, onSaved, schema = createPostInput }: Omit<Props, "opened">) {
  const trpc = useTRPC();
  const { isAdmin } = useCurrentUser();
  const patchPost = usePatchPost();
  const refreshLists = useRefreshPostLists();
  const { field, onSubmit } = useSchemaForm({
    initialValues: draftOf(post),
    schema,
    formMessages: {
      [MESSAGES.requiredFields]: "Missing Information",
      [MESSAGES.postTitleRequired]: "Missing Information",
    },
  });

  const update = useToastedMutation(trpc.posts.update.mutationOptions(), {
    success: "Post updated successfully",
    failure: "Failed to update post",
    onSuccess: (saved) => {
      void patchPost(saved.slug, () => saved);
      onSaved?.(saved);
      onClose();
      return refreshLists({ categories: true });
    },
  });

  const save = ({ featured, ...fields }: PostFields) =>
    // Only an admin's switch counts; the server ignores it for anyone else.
    update.mutate({ id: post.id, ...fields, ...(isAdmin ? { featured } : {}) });

  return (
    <DialogForm onSubmit={onSubmit(save)}>
      <TextInput label="Title" withAsterisk {...field("title")} data-autofocus />
      <CategorySelect withAsterisk {...field("categoryId")} />
      <Textarea label="Excerpt" placeholder="A short summary (optional)" rows={2} {...field("excerpt")} />
      <MarkdownEditor label="Content" withAsterisk rows={8} {...field("content")} />
      {isAdmin && <Switch label="Featured Post" {...field("featured", { type: "checkbox" })} />}
      <DialogButtons pending={update.isPending} onCancel={onClose} />
    </DialogForm>
  );
}
