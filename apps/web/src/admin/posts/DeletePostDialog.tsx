// "Delete Post": the spec's confirmation in a dialog, then the delete (Deleting... while pending).
import type { PostView } from "@forum/contracts";
import { Button, Group, Stack, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useRefreshPostLists } from "../../components/post/postCache";
import { Dialog } from "../../components/ui/Dialog";
import { useTRPC } from "../../lib/trpc";
import { useToastedMutation } from "../../lib/useToastedMutation";

type DeletePostDialogProps = { post: PostView | null; opened: boolean; onClose: () => void };

export function DeletePostDialog({ post, opened, onClose }: DeletePostDialogProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refreshLists = useRefreshPostLists();
  const remove = useToastedMutation(trpc.posts.delete.mutationOptions(), {
    success: "Post deleted successfully",
    failure: "Failed to delete post",
    onSuccess: () => {
      onClose();
      // Its page, if cached, must not show it again.
      if (post) queryClient.removeQueries({ queryKey: trpc.posts.bySlug.queryKey({ slug: post.slug }) });
      return refreshLists({ categories: true });
    },
  });
  const close = () => {
    if (!remove.isPending) onClose();
  };
  return (
    <Dialog opened={opened && post !== null} onClose={close} title="Delete Post" centered>
      {post && (
        <Stack gap="md">
          <Text style={{ overflowWrap: "anywhere" }}>
            Are you sure you want to delete "{post.title}"? This action cannot be undone. All replies and votes for this
            post will also be deleted.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={remove.isPending} data-autofocus>
              Cancel
            </Button>
            <Button color="red" onClick={() => remove.mutate({ id: post.id })} disabled={remove.isPending}>
              {remove.isPending ? "Deleting..." : "Delete"}
            </Button>
          </Group>
        </Stack>
      )}
    </Dialog>
  );
}
