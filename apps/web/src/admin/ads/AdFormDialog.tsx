// "Create Advertisement" / "Edit Advertisement": title, content, type, placement, dimensions
// and the active switch. Blank title or content is refused before anything is sent.
import { type AdPlacement, type AdType, type AdView, MESSAGES } from "@forum/contracts";
import { Button, Group, Select, SimpleGrid, Switch, Textarea, TextInput } from "@mantine/core";
import { useState } from "react";
import { Dialog } from "../../components/Dialog";
import { DialogForm } from "../../components/DialogForm";
import { toastError } from "../../lib/toast";
import {
  AD_DIMENSION_OPTIONS,
  AD_PLACEMENT_OPTIONS,
  AD_TYPE_OPTIONS,
  type AdDraft,
  draftOf,
  isComplete,
  payloadOf,
} from "./adDraft";
import { useCreateAd, useUpdateAd } from "./useAdMutations";

type Props = { opened: boolean; ad: AdView | null; onClose: () => void };

export function AdFormDialog({ opened, ad, onClose }: Props) {
  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title={ad ? "Edit Advertisement" : "Create Advertisement"}
      size={600}
      centered
    >
      {/* Mounted per opening, so the form starts from the ad as it is now (or blank). */}
      {opened && <AdForm ad={ad} onClose={onClose} />}
    </Dialog>
  );
}

function AdForm({ ad, onClose }: Omit<Props, "opened">) {
  const create = useCreateAd();
  const update = useUpdateAd();
  const pending = create.isPending || update.isPending;
  const [draft, setDraft] = useState(() => draftOf(ad));
  const set = <K extends keyof AdDraft>(field: K, value: AdDraft[K]) =>
    setDraft((current) => ({ ...current, [field]: value }));

  const save = () => {
    if (!isComplete(draft)) {
      toastError("Missing Information", MESSAGES.adTitleContentRequired);
      return;
    }
    if (ad) update.mutate({ id: ad.id, ...payloadOf(draft) }, { onSuccess: onClose });
    else create.mutate(payloadOf(draft), { onSuccess: onClose });
  };

  return (
    <DialogForm onSubmit={save}>
      <TextInput
        label="Title"
        withAsterisk
        value={draft.title}
        onChange={(event) => set("title", event.currentTarget.value)}
        data-autofocus
      />
      <Textarea
        label="Content"
        description="Text, or HTML for custom, banner and AdSense ads"
        withAsterisk
        autosize
        minRows={4}
        maxRows={12}
        value={draft.content}
        onChange={(event) => set("content", event.currentTarget.value)}
      />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Select
          label="Type"
          data={AD_TYPE_OPTIONS}
          allowDeselect={false}
          value={draft.type}
          onChange={(value) => value && set("type", value as AdType)}
        />
        <Select
          label="Placement"
          data={AD_PLACEMENT_OPTIONS}
          allowDeselect={false}
          value={draft.placement}
          onChange={(value) => value && set("placement", value as AdPlacement)}
        />
        <Select
          label="Dimensions"
          placeholder="Any size"
          data={AD_DIMENSION_OPTIONS}
          clearable
          value={draft.dimensions}
          onChange={(value) => set("dimensions", value)}
        />
      </SimpleGrid>
      <Switch label="Active" checked={draft.active} onChange={(event) => set("active", event.currentTarget.checked)} />
      <Group justify="flex-end" gap="sm" mt="xs">
        <Button variant="default" onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? "Saving..." : ad ? "Save Changes" : "Create Advertisement"}
        </Button>
      </Group>
    </DialogForm>
  );
}
