// The ad writes with their toasts (spec section 8). Each refreshes every ads query, so the
// public slots pick up a change as well as this screen.
import { useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../../lib/trpc";
import { useToastedMutation } from "../../lib/useToastedMutation";

function useRefreshAds() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.ads.pathKey() });
}

export function useCreateAd() {
  const trpc = useTRPC();
  return useToastedMutation(trpc.ads.create.mutationOptions(), {
    success: "Advertisement created successfully",
    failure: "Failed to save advertisement",
    onSuccess: useRefreshAds(),
  });
}

export function useUpdateAd() {
  const trpc = useTRPC();
  return useToastedMutation(trpc.ads.update.mutationOptions(), {
    success: "Advertisement updated successfully",
    failure: "Failed to save advertisement",
    onSuccess: useRefreshAds(),
  });
}

export function useDeleteAd() {
  const trpc = useTRPC();
  return useToastedMutation(trpc.ads.delete.mutationOptions(), {
    success: "Advertisement deleted successfully",
    failure: "Failed to delete advertisement",
    onSuccess: useRefreshAds(),
  });
}

export function useUpdateAdSettings() {
  const trpc = useTRPC();
  return useToastedMutation(trpc.ads.updateSettings.mutationOptions(), {
    success: "Ad settings updated successfully",
    failure: "Failed to update ad settings",
    onSuccess: useRefreshAds(),
  });
}
