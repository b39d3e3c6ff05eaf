// The avatar on the settings screen: a picked picture is checked (size, and its first bytes, by
// the server's own rule), previewed from a local blob: URL, and only then uploaded; or the current
// avatar is removed. Either way the signed-in user is replaced with the server's answer and every
// cached list, post and profile (which show the picture) is refetched.
import { AVATAR_MAX_BYTES, AVATAR_SIGNATURE_BYTES, type CurrentUser, MESSAGES, uploadFormatOf } from "@forum/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { answerMessage, sendForm } from "../../lib/sendForm";
import { toastError, toastSuccess } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";
import { useApiError, useLoggedOut } from "../../lib/useApiError";

export const AVATAR_UPLOAD_URL = "/api/users/me/avatar";

/** What is wrong with a picked file before it is sent, or null: the server checks it again. */
async function problemOf(file: File): Promise<string | null> {
  if (file.size > AVATAR_MAX_BYTES) return MESSAGES.avatarTooLarge;
  if (file.size === 0) return MESSAGES.avatarMissing;
  const start = new Uint8Array(await file.slice(0, AVATAR_SIGNATURE_BYTES).arrayBuffer());
  return uploadFormatOf(start) ? null : MESSAGES.avatarNotImage;
}

export type PickedAvatar = { file: File; previewUrl: string };

export function useAvatarChange() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const loggedOut = useLoggedOut();
  const onError = useApiError();
  const [picked, setPicked] = useState<PickedAvatar | null>(null);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  // A preview's blob: URL holds the file in memory until revoked: when replaced, and on leaving.
  useEffect(() => (picked ? () => URL.revokeObjectURL(picked.previewUrl) : undefined), [picked]);

  const saved = useCallback(
    async (updated: CurrentUser, title: string, message: string) => {
      queryClient.setQueryData(trpc.auth.me.queryKey(), updated);
      toastSuccess(title, message);
      await queryClient.invalidateQueries();
    },
    [queryClient, trpc],
  );

  const pick = useCallback(async (file: File | null) => {
    setProblem(null);
    if (!file) return;
    const found = await problemOf(file);
    if (found) {
      setPicked(null);
      setProblem(found);
      return;
    }
    setPicked({ file, previewUrl: URL.createObjectURL(file) });
  }, []);

  const cancel = useCallback(() => {
    setPicked(null);
    setProblem(null);
  }, []);

  const upload = useCallback(async () => {
    if (!picked) return;
    const form = new FormData();
    form.append("avatar", picked.file, picked.file.name);
    setUploading(true);
    try {
      const answer = await sendForm(AVATAR_UPLOAD_URL, form).answer;
      if (answer.status === 200) {
        setPicked(null);
        await saved(answer.body as CurrentUser, "Avatar Updated", "Your new avatar is saved.");
      } else if (answer.status === 401) {
        loggedOut();
      } else {
        const message = answerMessage(answer);
        setProblem(message);
        toastError("Upload Failed", message);
      }
    } catch {
      toastError("Upload Failed", "Failed to upload file");
    } finally {
      setUploading(false);
    }
  }, [picked, saved, loggedOut]);

  const removal = useMutation(
    trpc.users.deleteAvatar.mutationOptions({
      onSuccess: (updated) => saved(updated, "Avatar Removed", "Your initials show instead."),
      onError: (error) =>
        onError(error, { title: "Update Failed", message: "Failed to remove avatar. Please try again." }),
    }),
  );

  return {
    picked,
    problem,
    uploading,
    removing: removal.isPending,
    pick,
    cancel,
    upload,
    remove: () => removal.mutate(),
  };
}
