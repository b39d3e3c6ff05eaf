// "Create New Post": opened from the header, the sidebar, the home feed and empty categories.
// What the member writes is kept as a browser draft (lib/drafts.ts) and restored on reopening.
import { createPostInput, MESSAGES } from "@forum/contracts";
import { Alert, Button, Group, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { useCurrentUser } from "../../auth/useCurrentUser";
import { clearDraft, EMPTY_DRAFT, loadDraft, saveDraft } from "../../lib/drafts";
import { toastError, toastSuccess } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";
import { useSchemaForm } from "../../lib/useSchemaForm";
import { useToastedMutation } from "../../lib/useToastedMutation";
import { ConfirmBeforePostingNotice } from "../account/ConfirmBeforePostingNotice";
import { PostFieldInputs } from "../post/PostFieldInputs";
import { Dialog } from "../ui/Dialog";
import { DialogForm } from "../ui/DialogForm";

type Props = { opened: boolean; onClose: () => void; initialCategoryId?: number | undefined };

export function CreatePostDialog({ opened, onClose, initialCategoryId }: Props) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { user, isAdmin } = useCurrentUser();
  const userId = user?.id ?? 0;
  const navigate = useNavigate();
  // The server's own schema: title, content and category required, one message (spec section 5).
  const { form, field, onSubmit } = useSchemaForm({
    initialValues: EMPTY_DRAFT,
    schema: createPostInput,
    formMessages: { [MESSAGES.requiredFields]: "Missing Information" },
  });
  const [restored, setRestored] = useState(false);
  const { setValues } = form;

  useEffect(() => {
    if (!opened) return;
    const saved = loadDraft(userId);
    setRestored(saved !== null);
    const start = saved ?? EMPTY_DRAFT;
    setValues(initialCategoryId ? { ...start, categoryId: String(initialCategoryId) } : start);
  }, [opened, initialCategoryId, userId, setValues]);

  // Every change is kept, so nothing is lost to a closed dialog, a reload or an expired session.
  useEffect(() => {
    if (opened) saveDraft(userId, form.values);
  }, [opened, userId, form.values]);

  const create = useToastedMutation(trpc.posts.create.mutationOptions(), {
    success: "Post created successfully",
    failure: "Failed to create post",
    loginPath: "/auth",
    resume: "create-post",
    onSuccess: (created) => {
      form.setValues(EMPTY_DRAFT);
      setRestored(false);
      clearDraft(userId);
      onClose();
      // The author sees what they published (issue 25: they were left where they were).
      navigate(`/posts/${created.slug}`);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.posts.pathKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.categories.pathKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.users.pathKey() }),
      ]);
    },
  });

  const keepDraft = () => {
    if (saveDraft(userId, form.values)) toastSuccess("Draft Saved", "Your post has been saved as a draft");
    else toastError("Draft Not Saved", "This browser does not allow saving drafts.");
  };

  const discardDraft = () => {
    clearDraft(userId);
    form.setValues(EMPTY_DRAFT);
    setRestored(false);
  };

  return (
    <Dialog opened={opened} onClose={onClose} title="Create New Post" size="lg" centered>
      <DialogForm
        onSubmit={onSubmit((post) => create.mutate({ ...post, featured: isAdmin && post.featured === true }))}
      >
        <ConfirmBeforePostingNotice />
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
        <PostFieldInputs field={field} placeholders />
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
