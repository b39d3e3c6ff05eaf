// What a member banned while signed in sees on the next page they open (issue 25: they were
// silently turned into a visitor): the server's reason, above the page's content. The alert is a
// chunk of its own: nobody else downloads it (a server-rendered page has it in its HTML).
import type { MantineSpacing } from "@mantine/core";
import { Suspense } from "react";
import { useCurrentUser } from "../../auth/useCurrentUser";
import { lazyWithPreload, preloadIfShown } from "../../lib/lazyWithPreload";

const BannedAlert = lazyWithPreload(() => import("./BannedAlert"));

/** A banned member's page: the notice's code loads before the hydration (lib/lazyWithPreload.ts). */
export function loadServerRenderedBanNotice(): Promise<void> | undefined {
  return preloadIfShown("[data-ban-notice]", BannedAlert);
}

export function BannedNotice({ mb }: { mb?: MantineSpacing }) {
  const { banned } = useCurrentUser();
  if (!banned) return null;
  return (
    <Suspense fallback={null}>
      <BannedAlert mb={mb} />
    </Suspense>
  );
}
