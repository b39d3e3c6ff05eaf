// The message a native form post left for this page (@forum/contracts flash.ts): the server puts it
// in the page's data under FLASH_KEY, so the server render and the hydration show the same words.
// It belongs to the page it came with: leaving that page forgets it.
import type { Flash, NativeForm } from "@forum/contracts";
import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";

export const FLASH_KEY = ["flash"] as const;

/** The page's flash; `dismiss` forgets it. */
export function useFlash(): [Flash | null, () => void] {
  const queryClient = useQueryClient();
  const { data } = useQuery<Flash | null>({
    queryKey: FLASH_KEY,
    queryFn: () => null,
    enabled: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const dismiss = useCallback(() => forgetFlash(queryClient), [queryClient]);
  return [data ?? null, dismiss];
}

/** What was typed in `form` when it failed (the server keeps it for the page it redirected to). */
export function useFlashValues(form: NativeForm): Record<string, string> {
  const [flash] = useFlash();
  return flash?.form === form ? (flash.values ?? {}) : {};
}

export function forgetFlash(queryClient: QueryClient): void {
  if (queryClient.getQueryData(FLASH_KEY)) queryClient.setQueryData(FLASH_KEY, null);
}

/** The flash's action to resume is done (its message stays). */
export function forgetFlashResume(queryClient: QueryClient): void {
  const flash = queryClient.getQueryData<Flash | null>(FLASH_KEY);
  if (flash?.resume) queryClient.setQueryData(FLASH_KEY, { ...flash, resume: undefined });
}
