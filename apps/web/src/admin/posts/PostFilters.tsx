// Search box and category filter above the admin post list.
import { Group, Select } from "@mantine/core";
import { useCategories } from "../../lib/useCategories";
import { SearchBox } from "../SearchBox";
import { ALL_CATEGORIES, type PostFilter } from "./filterPosts";

type PostFiltersProps = { filter: PostFilter; onChange: (filter: PostFilter) => void };

export function PostFilters({ filter, onChange }: PostFiltersProps) {
  const categories = useCategories();
  const options = [
    { value: ALL_CATEGORIES, label: "All Categories" },
    ...(categories.data ?? []).map((category) => ({ value: String(category.id), label: category.name })),
  ];
  return (
    <Group gap="sm" wrap="wrap" align="flex-end">
      <SearchBox
        label="Search posts"
        placeholder="Search posts by title or content..."
        value={filter.search}
        onChange={(search) => onChange({ ...filter, search })}
      />
      <Select
        aria-label="Filter by category"
        data={options}
        value={filter.categoryId}
        onChange={(value) => onChange({ ...filter, categoryId: value ?? ALL_CATEGORIES })}
        allowDeselect={false}
        w={{ base: "100%", xs: 220 }}
      />
    </Group>
  );
}
