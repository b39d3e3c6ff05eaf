// The ad writes with their toasts (spec section 8). Each refreshes every ads query, so the
// public slots pick up a change as well as this screen.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toastSuccess } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";
import { useApiError } from "../../lib/useApiError";

const SAVE_FAILED = { title: "Error", message: "Failed to save advertisement" };

function useRefreshAds() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.ads.pathKey() });
}

export function useCreateAd() {
  const trpc = useTRPC();
  const refresh = useRefreshAds();
  const onError = useApiError();
  return useMutation(
    trpc.ads.create.mutationOptions({
      onSuccess: async () => {
        toastSuccess("Success", "Advertisement created successfully");
        await refresh();
      },
      onError: (error) => onError(error, SAVE_FAILED),
    }),
  );
}

export function useUpdateAd() {
  const trpc = useTRPC();
  const refresh = useRefreshAds();
  const onError = useApiError();
  return useMutation(
    trpc.ads.update.mutationOptions({
      onSuccess: async () => {
        toastSuccess("Success", "Advertisement updated successfully");
        await refresh();
      },
      onError: (error) => onError(error, SAVE_FAILED),
    }),
  );
}

export function useDeleteAd() {
  const trpc = useTRPC();
  const refresh = useRefreshAds();
  const onError = useApiError();
  return useMutation(
    trpc.ads.delete.mutationOptions({
      onSuccess: async () => {
        toastSuccess("Success", "Advertisement deleted successfully");
        await refresh();
      },
      onError: (error) => onError(error, { title: "Error", message: "Failed to delete advertisement" }),
    }),
  );
}

export function useUpdateAdSettings() {
  const trpc = useTRPC();
  const refresh = useRefreshAds();
  const onError = useApiError();
  return useMutation(
    trpc.ads.updateSettings.mutationOptions({
      onSuccess: async () => {
        toastSuccess("Success", "Ad settings updated successfully");
        await refresh();
      },
      onError: (error) => onError(error, { title: "Error", message: "Failed to update ad settings" }),
    }),
  );
}
