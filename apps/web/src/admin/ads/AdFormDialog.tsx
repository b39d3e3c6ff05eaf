// "Create Advertisement" / "Edit Advertisement": title, content, type, placement, dimensions
// and the active switch, checked with the server's schemas: blank title or content is refused
// with the spec's toast before anything is sent.
import { type AdView, createAdInput, MESSAGES, updateAdInput } from "@forum/contracts";
import { Button, Group, Select, SimpleGrid, Switch, Textarea, TextInput } from "@mantine/core";
import { Dialog } from "../../components/ui/Dialog";
import { DialogForm } from "../../components/ui/DialogForm";
import { type FormSchema, type OutputOf, useSchemaForm } from "../../lib/useSchemaForm";
import { AD_DIMENSION_OPTIONS, AD_PLACEMENT_OPTIONS, AD_TYPE_OPTIONS, draftOf } from "./adDraft";
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
  // An edit saves the whole ad, so nothing falls back to a default.
  const schema: FormSchema<OutputOf<typeof createAdInput> | OutputOf<typeof updateAdInput>> = ad
    ? updateAdInput
    : createAdInput;
  const { field, onSubmit } = useSchemaForm({
    initialValues: { id: ad?.id ?? 0, ...draftOf(ad) },
    schema,
    formMessages: { [MESSAGES.adTitleContentRequired]: "Missing Information" },
  });
  const save = onSubmit((fields) => {
    if ("id" in fields) update.mutate(fields, { onSuccess: onClose });
    else create.mutate(fields, { onSuccess: onClose });
  });

  return (
    <DialogForm onSubmit={save}>
      <TextInput label="Title" withAsterisk {...field("title")} data-autofocus />
      <Textarea
        label="Content"
        description="Text, or HTML for custom, banner and AdSense ads. HTML colours written as light-dark(light, dark) follow the forum's dark theme."
        withAsterisk
        autosize
        minRows={4}
        maxRows={12}
        {...field("content")}
      />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Select label="Type" data={AD_TYPE_OPTIONS} allowDeselect={false} {...field("type")} />
        <Select label="Placement" data={AD_PLACEMENT_OPTIONS} allowDeselect={false} {...field("placement")} />
        <Select
          label="Dimensions"
          placeholder="Any size"
          data={AD_DIMENSION_OPTIONS}
          clearable
          {...field("dimensions")}
        />
      </SimpleGrid>
      <Switch label="Active" {...field("active", { type: "checkbox" })} />
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
