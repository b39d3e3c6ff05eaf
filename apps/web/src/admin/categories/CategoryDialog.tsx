// Create Category and Edit Category: name, description and colour (ten presets or a custom one),
// checked with the server's schemas: creating needs a name and a description (one message, shown
// once a field was left blank or a save was tried, the button waiting meanwhile); editing needs a
// name (spec section 5).
import {
  type CategoryView,
  createCategoryInput,
  DEFAULT_CATEGORY_COLOR,
  MESSAGES,
  updateCategoryInput,
} from "@forum/contracts";
import { Button, Group, Text, Textarea, TextInput } from "@mantine/core";
import { Dialog } from "../../components/ui/Dialog";
import { DialogForm } from "../../components/ui/DialogForm";
import { type FormSchema, type OutputOf, problemsOf, useSchemaForm } from "../../lib/useSchemaForm";
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

function CategoryForm({ category, onClose }: Omit<Props, "opened">) {
  const creating = category === null;
  const schema: FormSchema<OutputOf<typeof createCategoryInput> | OutputOf<typeof updateCategoryInput>> = creating
    ? createCategoryInput
    : updateCategoryInput;
  const { form, field, onSubmit, formMessage } = useSchemaForm({
    initialValues: {
      id: category?.id ?? 0,
      name: category?.name ?? "",
      description: category?.description ?? "",
      color: category?.color ?? DEFAULT_CATEGORY_COLOR,
    },
    schema,
    // Shown below the fields by this form, not in a toast.
    formMessages: { [MESSAGES.requiredFields]: null },
    validateInputOnBlur: true,
  });
  const create = useCreateCategory(onClose);
  const update = useUpdateCategory(onClose);
  const pending = create.isPending || update.isPending;
  const submitLabel = creating ? (pending ? "Creating..." : "Create Category") : pending ? "Saving..." : "Save Changes";
  // The button waits for what creating requires, by the same schema.
  const missing = Object.values(problemsOf(schema, form.values)).includes(MESSAGES.requiredFields);

  return (
    <DialogForm onSubmit={onSubmit((fields) => ("id" in fields ? update.mutate(fields) : create.mutate(fields)))}>
      <TextInput label="Name" withAsterisk data-autofocus {...field("name")} />
      <Textarea
        label="Description"
        withAsterisk={creating}
        autosize
        minRows={2}
        maxRows={6}
        {...field("description")}
      />
      <CategoryColorField
        value={form.values.color}
        onChange={(color) => form.setFieldValue("color", color)}
        error={form.errors.color}
      />
      {formMessage && (
        <Text c="red" size="sm" role="alert">
          {formMessage}
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
