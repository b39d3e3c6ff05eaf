// The avatar on the settings screen: a picked picture is checked (size, and its first bytes, by
// the server's own rule), previewed from a local blob: URL, and only then uploaded; or the current
// avatar is removed. Either way the signed-in user is replaced with the server's answer and every
// cached list, post and profile (which show the picture) is refetched.
import { AVATAR_MAX_BYTES, AVATAR_SIGNATURE_BYTES, type CurrentUser, MESSAGES, uploadFormatOf } from "@forum/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { FailedAnswer, sendForm } from "../../lib/sendForm";
import { useTRPC } from "../../lib/trpc";
import { useToastedMutation } from "../../lib/useToastedMutation";

export const AVATAR_UPLOAD_URL = "/api/users/me/avatar";

/** What is wrong with a picked file before it is sent, or null: the server checks it again. */
export async function uploadProblemOf(file: File): Promise<string | null> {
  if (file.size > AVATAR_MAX_BYTES) return MESSAGES.avatarTooLarge;
  if (file.size === 0) return MESSAGES.avatarMissing;
  const start = new Uint8Array(await file.slice(0, AVATAR_SIGNATURE_BYTES).arrayBuffer());
  return uploadFormatOf(start) ? null : MESSAGES.avatarNotImage;
}

export type PickedAvatar = { file: File; previewUrl: string };

export function useAvatarChange() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [picked, setPicked] = useState<PickedAvatar | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  // A preview's blob: URL holds the file in memory until revoked: when replaced, and on leaving.
  useEffect(() => (picked ? () => URL.revokeObjectURL(picked.previewUrl) : undefined), [picked]);

  /** The server's answer becomes the signed-in user; every list, post and profile refetches. */
  const refreshAll = useCallback(
    (updated: CurrentUser) => {
      queryClient.setQueryData(trpc.auth.me.queryKey(), updated);
      return queryClient.invalidateQueries();
    },
    [queryClient, trpc],
  );

  const pick = useCallback(async (file: File | null) => {
    setProblem(null);
    if (!file) return;
    const found = await uploadProblemOf(file);
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

  const upload = useToastedMutation(
    {
      mutationFn: async (file: File) => {
        const form = new FormData();
        form.append("avatar", file, file.name);
        const answer = await sendForm(AVATAR_UPLOAD_URL, form).answer;
        if (answer.status !== 200) throw new FailedAnswer(answer);
        return answer.body as CurrentUser;
      },
    },
    {
      success: { title: "Avatar Updated", message: "Your new avatar is saved." },
      // The server's reason (too large, not a picture) also stays under the picker.
      failure: (error) => {
        if (error instanceof FailedAnswer && error.httpStatus !== 401) setProblem(error.message);
        return { title: "Upload Failed", message: "Failed to upload file" };
      },
      onSuccess: (updated) => {
        setPicked(null);
        return refreshAll(updated);
      },
    },
  );

  const removal = useToastedMutation(trpc.users.deleteAvatar.mutationOptions(), {
    success: { title: "Avatar Removed", message: "Your initials show instead." },
    failure: { title: "Update Failed", message: "Failed to remove avatar. Please try again." },
    onSuccess: refreshAll,
  });

  return {
    picked,
    problem,
    uploading: upload.isPending,
    removing: removal.isPending,
    pick,
    cancel,
    upload: () => {
      if (picked) upload.mutate(picked.file);
    },
    remove: () => removal.mutate(),
  };
}
