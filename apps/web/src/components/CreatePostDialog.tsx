// "Create New Post": opened from the header, the sidebar, the home feed and empty categories.
// What the member writes is kept as a browser draft (lib/drafts.ts) and restored on reopening.
import { isBlank, MESSAGES } from "@forum/contracts";
import { Alert, Button, Checkbox, Group, Text, TextInput } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useCurrentUser } from "../auth/useCurrentUser";
import { clearDraft, type Draft, EMPTY_DRAFT, loadDraft, saveDraft } from "../lib/drafts";
import { toastError, toastSuccess } from "../lib/toast";
import { useTRPC } from "../lib/trpc";
import { useApiError } from "../lib/useApiError";
import { CategorySelect } from "./CategorySelect";
import { MarkdownEditor } from "./composer/MarkdownEditor";
import { Dialog } from "./Dialog";
import { DialogForm } from "./DialogForm";

type Props = { opened: boolean; onClose: () => void; initialCategoryId?: number | undefined };

export function CreatePostDialog({ opened, onClose, initialCategoryId }: Props) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const onError = useApiError();
  const { user, isAdmin } = useCurrentUser();
  const userId = user?.id ?? 0;
  const [form, setForm] = useState<Draft>(EMPTY_DRAFT);
  const [restored, setRestored] = useState(false);

  useEffect(() => {
    if (!opened) return;
    const saved = loadDraft(userId);
    setRestored(saved !== null);
    const start = saved ?? EMPTY_DRAFT;
    setForm(initialCategoryId ? { ...start, categoryId: String(initialCategoryId) } : start);
  }, [opened, initialCategoryId, userId]);

  // Every change is kept, so nothing is lost to a closed dialog, a reload or an expired session.
  useEffect(() => {
    if (opened) saveDraft(userId, form);
  }, [opened, userId, form]);

  const create = useMutation(
    trpc.posts.create.mutationOptions({
      onSuccess: async () => {
        setForm(EMPTY_DRAFT);
        setRestored(false);
        clearDraft(userId);
        onClose();
        toastSuccess("Success", "Post created successfully");
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.posts.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.categories.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.users.pathKey() }),
        ]);
      },
      onError: (error) => onError(error, { title: "Error", message: "Failed to create post" }, "/auth", "create-post"),
    }),
  );

  const set = (field: keyof Draft) => (value: string | boolean) =>
    setForm((current) => ({ ...current, [field]: value }));

  const publish = () => {
    if (isBlank(form.title) || isBlank(form.content) || !form.categoryId) {
      toastError("Missing Information", MESSAGES.requiredFields);
      return;
    }
    create.mutate({
      title: form.title.trim(),
      content: form.content.trim(),
      excerpt: form.excerpt.trim() || null,
      categoryId: Number(form.categoryId),
      featured: isAdmin && form.featured,
    });
  };

  const keepDraft = () => {
    if (saveDraft(userId, form)) toastSuccess("Draft Saved", "Your post has been saved as a draft");
    else toastError("Draft Not Saved", "This browser does not allow saving drafts.");
  };

  const discardDraft = () => {
    clearDraft(userId);
    setForm(EMPTY_DRAFT);
    setRestored(false);
  };

  return (
    <Dialog opened={opened} onClose={onClose} title="Create New Post" size="lg" centered>
      <DialogForm onSubmit={publish}>
        {restored && (
          <Alert color="blue" title="Draft restored" role="status">
            <Group gap="xs" justify="space-between" wrap="wrap">
              <Text size="sm">Your unfinished post is kept in this browser until you publish it.</Text>
              <Button size="compact-sm" variant="default" onClick={discardDraft}>
                Discard draft
              </Button>
            </Group>
          </Alert>
        )}
        <TextInput
          label="Title"
          placeholder="What do you want to discuss?"
          withAsterisk
          value={form.title}
          onChange={(event) => set("title")(event.currentTarget.value)}
          data-autofocus
        />
        <CategorySelect
          withAsterisk
          value={form.categoryId || null}
          onChange={(value) => set("categoryId")(value ?? "")}
        />
        <TextInput
          label="Excerpt"
          placeholder="A short summary (optional)"
          value={form.excerpt}
          onChange={(event) => set("excerpt")(event.currentTarget.value)}
        />
        <MarkdownEditor
          label="Content"
          placeholder="Share your thoughts, code or questions..."
          withAsterisk
          rows={8}
          value={form.content}
          onChange={set("content")}
        />
        {isAdmin && (
          <Checkbox
            label="Featured post"
            checked={form.featured}
            onChange={(event) => set("featured")(event.currentTarget.checked)}
          />
        )}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={keepDraft} disabled={create.isPending}>
            Save Draft
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? "Publishing..." : "Publish Post"}
          </Button>
        </Group>
      </DialogForm>
    </Dialog>
  );
}
