// "Edit Post": title, category, excerpt, content and, for admins, the featured switch.
// The server lets the author or an admin save; the saved post replaces the cached one.
import { isBlank, MESSAGES, type PostView } from "@forum/contracts";
import { Switch, Textarea, TextInput } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useCurrentUser } from "../../auth/useCurrentUser";
import type { Draft } from "../../lib/drafts";
import { toastError, toastSuccess } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";
import { useApiError } from "../../lib/useApiError";
import { CategorySelect } from "../CategorySelect";
import { MarkdownEditor } from "../composer/MarkdownEditor";
import { Dialog } from "../Dialog";
import { DialogForm } from "../DialogForm";
import { DialogButtons } from "./DialogButtons";
import { usePatchPost, useRefreshPostLists } from "./postCache";

/** The form's check before saving: the message to show, or null when the draft can be sent. */
export type DraftCheck = (draft: Draft) => string | null;

/** The post page's rule (spec section 5): title, content and category, one message. */
export const requireAllFields: DraftCheck = (draft) =>
  !isBlank(draft.title) && !isBlank(draft.content) && draft.categoryId ? null : MESSAGES.requiredFields;

type Props = {
  post: PostView;
  opened: boolean;
  onClose: () => void;
  onSaved?: (post: PostView) => void;
  /** Defaults to the post page's rule; the admin post list names the missing title. */
  check?: DraftCheck;
};

export function EditPostDialog({ post, opened, onClose, onSaved, check }: Props) {
  return (
    <Dialog opened={opened} onClose={onClose} title="Edit Post" size={600} centered>
      {/* Mounted per opening, so the form always starts from the post as it is now. */}
      {opened && <EditPostForm post={post} onClose={onClose} onSaved={onSaved} check={check} />}
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

function EditPostForm({ post, onClose, onSaved, check = requireAllFields }: Omit<Props, "opened">) {
  const trpc = useTRPC();
  const onError = useApiError();
  const { isAdmin } = useCurrentUser();
  const patchPost = usePatchPost();
  const refreshLists = useRefreshPostLists();
  const [form, setForm] = useState(() => draftOf(post));
  const set = <K extends keyof Draft>(field: K, value: Draft[K]) =>
    setForm((current) => ({ ...current, [field]: value }));

  const update = useMutation(
    trpc.posts.update.mutationOptions({
      onSuccess: async (saved) => {
        patchPost(saved.slug, () => saved);
        toastSuccess("Success", "Post updated successfully");
        onSaved?.(saved);
        onClose();
        await refreshLists({ categories: true });
      },
      onError: (error) => onError(error, { title: "Error", message: "Failed to update post" }),
    }),
  );

  const save = () => {
    const problem = check(form);
    if (problem) {
      toastError("Missing Information", problem);
      return;
    }
    update.mutate({
      id: post.id,
      title: form.title.trim(),
      content: form.content.trim(),
      excerpt: form.excerpt.trim() || null,
      categoryId: Number(form.categoryId),
      // Only an admin's switch counts; the server ignores it for anyone else.
      ...(isAdmin ? { featured: form.featured } : {}),
    });
  };

  return (
    <DialogForm onSubmit={save}>
      <TextInput
        label="Title"
        withAsterisk
        value={form.title}
        onChange={(event) => set("title", event.currentTarget.value)}
        data-autofocus
      />
      <CategorySelect
        withAsterisk
        value={form.categoryId || null}
        onChange={(value) => set("categoryId", value ?? "")}
      />
      <Textarea
        label="Excerpt"
        placeholder="A short summary (optional)"
        rows={2}
        value={form.excerpt}
        onChange={(event) => set("excerpt", event.currentTarget.value)}
      />
      <MarkdownEditor
        label="Content"
        withAsterisk
        rows={8}
        value={form.content}
        onChange={(value) => set("content", value)}
      />
      {isAdmin && (
        <Switch
          label="Featured Post"
          checked={form.featured}
          onChange={(event) => set("featured", event.currentTarget.checked)}
        />
      )}
      <DialogButtons pending={update.isPending} onCancel={onClose} />
    </DialogForm>
  );
}
