// The category writes with the spec's toasts (section 8). Failures show the server's reason when
// it gives one; a 401 goes through the usual logged-out flow.
import { useMutation } from "@tanstack/react-query";
import { toastSuccess } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";
import { useApiError } from "../../lib/useApiError";
import { categoryFailure } from "./categoryFailure";
import { useRefreshCategories } from "./useRefreshCategories";

export function useCreateCategory(onDone: () => void) {
  const trpc = useTRPC();
  const refresh = useRefreshCategories();
  const onError = useApiError();
  return useMutation(
    trpc.categories.create.mutationOptions({
      onSuccess: async () => {
        toastSuccess("Success", "Category created successfully");
        onDone();
        await refresh();
      },
      onError: (error) => onError(error, categoryFailure("create")),
    }),
  );
}

export function useUpdateCategory(onDone: () => void) {
  const trpc = useTRPC();
  const refresh = useRefreshCategories();
  const onError = useApiError();
  return useMutation(
    trpc.categories.update.mutationOptions({
      onSuccess: async () => {
        toastSuccess("Success", "Category updated successfully");
        onDone();
        await refresh();
      },
      onError: (error) => onError(error, categoryFailure("update")),
    }),
  );
}

export const DELETE_CATEGORY_CONFIRMATION =
  "Are you sure you want to delete this category? All posts in this category will need to be reassigned or deleted.";

/** Deletes after the browser's confirmation; a category with posts is refused (409) with the reason. */
export function useDeleteCategory() {
  const trpc = useTRPC();
  const refresh = useRefreshCategories();
  const onError = useApiError();
  const mutation = useMutation(
    trpc.categories.delete.mutationOptions({
      onSuccess: async () => {
        toastSuccess("Success", "Category deleted successfully");
        await refresh();
      },
      onError: (error) => onError(error, categoryFailure("delete")),
    }),
  );
  const confirmAndDelete = (id: number) => {
    if (window.confirm(DELETE_CATEGORY_CONFIRMATION)) mutation.mutate({ id });
  };
  return { confirmAndDelete, isPending: mutation.isPending, pendingId: mutation.variables?.id };
}
