// "Edit Post": the post's editable fields (PostFieldInputs).
// The server lets the author or an admin save; the saved post replaces the cached one.
import { createPostInput, MESSAGES, type PostFields, type PostView, postFormOf } from "@forum/contracts";
import { useCurrentUser } from "../../auth/useCurrentUser";
import { useTRPC } from "../../lib/trpc";
import { type FormSchema, useSchemaForm } from "../../lib/useSchemaForm";
import { useToastedMutation } from "../../lib/useToastedMutation";
import { Dialog } from "../ui/Dialog";
import { DialogForm } from "../ui/DialogForm";
import { DialogButtons } from "./DialogButtons";
import { PostFieldInputs } from "./PostFieldInputs";
import { usePatchPost, useRefreshPostLists } from "./postCache";

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

function EditPostForm({ post, onClose, onSaved, schema = createPostInput }: Omit<Props, "opened">) {
  const trpc = useTRPC();
  const { isAdmin } = useCurrentUser();
  const patchPost = usePatchPost();
  const refreshLists = useRefreshPostLists();
  const { field, onSubmit } = useSchemaForm({
    initialValues: postFormOf(post),
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
      <PostFieldInputs field={field} />
      <DialogButtons pending={update.isPending} onCancel={onClose} />
    </DialogForm>
  );
}
