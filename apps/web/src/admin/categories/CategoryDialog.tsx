// Create Category and Edit Category: name, description and colour (ten presets or a custom one).
// Creating needs a name and a description; editing needs a name (spec section 5).
import { type CategoryView, DEFAULT_CATEGORY_COLOR, isBlank, MESSAGES } from "@forum/contracts";
import { Button, Group, Text, Textarea, TextInput } from "@mantine/core";
import { useState } from "react";
import { Dialog } from "../../components/Dialog";
import { DialogForm } from "../../components/DialogForm";
import { CategoryColorField } from "./CategoryColorField";
import { useCreateCategory, useUpdateCategory } from "./useCategoryMutations";

type Props = {
  /** The category to edit; null to create one. */
  category: CategoryView | null;
  opened: boolean;
  onClose: () => void;
};

export function CategoryDialog({ category, opened, onClose }: Props) {
  return (
    <Dialog opened={opened} onClose={onClose} title={category ? "Edit Category" : "Create Category"} centered>
      {/* Mounted per opening, so the form starts from the category as it is now (or blank). */}
      {opened && <CategoryForm category={category} onClose={onClose} />}
    </Dialog>
  );
}

const HEX_COLOR = /^#([0-9a-f]{6}|[0-9a-f]{3})$/i;

function CategoryForm({ category, onClose }: Omit<Props, "opened">) {
  const creating = category === null;
  const [name, setName] = useState(category?.name ?? "");
  const [description, setDescription] = useState(category?.description ?? "");
  const [color, setColor] = useState(category?.color ?? DEFAULT_CATEGORY_COLOR);
  // Messages show once a field was left blank or a save was tried, not while typing the first time.
  const [touched, setTouched] = useState({ name: false, description: false, submit: false });
  const create = useCreateCategory(onClose);
  const update = useUpdateCategory(onClose);
  const pending = create.isPending || update.isPending;
  const submitLabel = creating ? (pending ? "Creating..." : "Create Category") : pending ? "Saving..." : "Save Changes";

  const nameBlank = isBlank(name);
  const descriptionBlank = isBlank(description);
  const missing = creating && (nameBlank || descriptionBlank);
  const showMissing =
    missing && (touched.submit || (touched.name && nameBlank) || (touched.description && descriptionBlank));
  const nameError =
    !creating && nameBlank && (touched.name || touched.submit) ? MESSAGES.categoryNameRequired : undefined;
  const colorError = touched.submit && !HEX_COLOR.test(color) ? MESSAGES.invalidColor : undefined;

  const save = () => {
    setTouched((current) => ({ ...current, submit: true }));
    if (missing || nameBlank || !HEX_COLOR.test(color)) return;
    const fields = { name: name.trim(), description: description.trim(), color };
    if (category) update.mutate({ id: category.id, ...fields, description: fields.description || null });
    else create.mutate(fields);
  };

  return (
    <DialogForm onSubmit={save}>
      <TextInput
        label="Name"
        withAsterisk
        data-autofocus
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        onBlur={() => setTouched((current) => ({ ...current, name: true }))}
        error={nameError ?? (showMissing && nameBlank)}
      />
      <Textarea
        label="Description"
        withAsterisk={creating}
        autosize
        minRows={2}
        maxRows={6}
        value={description}
        onChange={(event) => setDescription(event.currentTarget.value)}
        onBlur={() => setTouched((current) => ({ ...current, description: true }))}
        error={showMissing && descriptionBlank}
      />
      <CategoryColorField value={color} onChange={setColor} error={colorError} />
      {showMissing && (
        <Text c="red" size="sm" role="alert">
          {MESSAGES.requiredFields}
        </Text>
      )}
      <Group justify="flex-end" gap="sm" mt="xs">
        <Button variant="default" onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending || missing}>
          {submitLabel}
        </Button>
      </Group>
    </DialogForm>
  );
}
