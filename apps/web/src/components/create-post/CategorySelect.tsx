// The category picker of the post forms, with the spec's three disabled states.
import type { CategoryView } from "@forum/contracts";
import { Select, type SelectProps } from "@mantine/core";
import { useCategories } from "../../lib/useCategories";

function optionsFor(query: { isPending: boolean; isError: boolean; data?: CategoryView[] | undefined }) {
  if (query.isPending) return [{ value: "loading", label: "Loading categories...", disabled: true }];
  if (query.isError) return [{ value: "error", label: "Error loading categories", disabled: true }];
  if (!query.data?.length) return [{ value: "none", label: "No categories available", disabled: true }];
  return query.data.map((category) => ({ value: String(category.id), label: category.name }));
}

export function CategorySelect(props: Omit<SelectProps, "data">) {
  const categories = useCategories();
  return (
    <Select
      label="Category"
      placeholder="Select a category"
      allowDeselect={false}
      {...props}
      data={optionsFor(categories)}
    />
  );
}
