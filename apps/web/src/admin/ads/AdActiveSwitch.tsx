// The row's active toggle: saves the whole ad with the new flag and shows it at once.
import type { AdView } from "@forum/contracts";
import { Switch } from "@mantine/core";
import { draftOf } from "./adDraft";
import { useUpdateAd } from "./useAdMutations";

export function AdActiveSwitch({ ad }: { ad: AdView }) {
  const update = useUpdateAd();
  const checked = update.isPending ? update.variables.active === true : ad.active;
  return (
    <Switch
      aria-label={`Active: ${ad.title}`}
      checked={checked}
      disabled={update.isPending}
      onChange={(event) => update.mutate({ id: ad.id, ...draftOf(ad), active: event.currentTarget.checked })}
    />
  );
}
