// "Create New Post": opened from the header, the sidebar, the home feed and empty categories.
import { isBlank, MESSAGES } from "@forum/contracts";
import { Alert, Button, Checkbox, Group, Modal, Textarea, TextInput } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useCurrentUser } from "../auth/useCurrentUser";
import { clearDraft, type Draft, EMPTY_DRAFT, loadDraft, saveDraft } from "../lib/drafts";
import { toastError, toastSuccess } from "../lib/toast";
import { useTRPC } from "../lib/trpc";
import { useApiError } from "../lib/useApiError";
import { CategorySelect } from "./CategorySelect";
import { DialogForm } from "./DialogForm";

type Props = { opened: boolean; onClose: () => void; initialCategoryId?: number | undefined };

export function CreatePostDialog({ opened, onClose, initialCategoryId }: Props) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const onError = useApiError();
  const { isAdmin } = useCurrentUser();
  const [form, setForm] = useState<Draft>(EMPTY_DRAFT);
  const [offeredDraft, setOfferedDraft] = useState<Draft | null>(null);

  useEffect(() => {
    if (!opened) return;
    setOfferedDraft(loadDraft());
    if (initialCategoryId) setForm((current) => ({ ...current, categoryId: String(initialCategoryId) }));
  }, [opened, initialCategoryId]);

  const create = useMutation(
    trpc.posts.create.mutationOptions({
      onSuccess: async () => {
        setForm(EMPTY_DRAFT);
        clearDraft();
        onClose();
        toastSuccess("Success", "Post created successfully");
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.posts.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.categories.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.users.pathKey() }),
        ]);
      },
      onError: (error) => onError(error, { title: "Error", message: "Failed to create post" }, "/auth"),
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
    saveDraft(form);
    toastSuccess("Draft Saved", "Your post has been saved as a draft");
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Create New Post" size="lg" centered>
      <DialogForm onSubmit={publish}>
        {offeredDraft && (
          <Alert color="blue" title="You have a saved draft">
            <Group gap="xs" mt={4}>
              <Button
                size="compact-sm"
                onClick={() => {
                  setForm(offeredDraft);
                  setOfferedDraft(null);
                }}
              >
                Restore draft
              </Button>
              <Button
                size="compact-sm"
                variant="default"
                onClick={() => {
                  clearDraft();
                  setOfferedDraft(null);
                }}
              >
                Discard
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
        <Textarea
          label="Content"
          placeholder="Share your thoughts, code or questions..."
          withAsterisk
          rows={8}
          value={form.content}
          onChange={(event) => set("content")(event.currentTarget.value)}
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
    </Modal>
  );
}
