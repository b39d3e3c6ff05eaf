// The category writes with the spec's toasts (section 8). Failures show the server's reason when
// it gives one; a 401 goes through the usual logged-out flow.
import { useTRPC } from "../../lib/trpc";
import { useToastedMutation } from "../../lib/useToastedMutation";
import { categoryFailure } from "./categoryFailure";
import { useRefreshCategories } from "./useRefreshCategories";

const SAVED = { create: "Category created successfully", update: "Category updated successfully" } as const;

/** What creating and updating share: their toasts, then the dialog closes and the lists refresh. */
function useSaveReactions(kind: keyof typeof SAVED, onDone: () => void) {
  const refresh = useRefreshCategories();
  return {
    success: SAVED[kind],
    failure: categoryFailure(kind),
    onSuccess: () => {
      onDone();
      return refresh();
    },
  };
}

export function useCreateCategory(onDone: () => void) {
  const trpc = useTRPC();
  return useToastedMutation(trpc.categories.create.mutationOptions(), useSaveReactions("create", onDone));
}

export function useUpdateCategory(onDone: () => void) {
  const trpc = useTRPC();
  return useToastedMutation(trpc.categories.update.mutationOptions(), useSaveReactions("update", onDone));
}

export const DELETE_CATEGORY_CONFIRMATION =
  "Are you sure you want to delete this category? All posts in this category will need to be reassigned or deleted.";

/** Deletes after the browser's confirmation; a category with posts is refused (409) with the reason. */
export function useDeleteCategory() {
  const trpc = useTRPC();
  const mutation = useToastedMutation(trpc.categories.delete.mutationOptions(), {
    success: "Category deleted successfully",
    failure: categoryFailure("delete"),
    onSuccess: useRefreshCategories(),
  });
  const confirmAndDelete = (id: number) => {
    if (window.confirm(DELETE_CATEGORY_CONFIRMATION)) mutation.mutate({ id });
  };
  return { confirmAndDelete, isPending: mutation.isPending, pendingId: mutation.variables?.id };
}
