// Categories (/admin/categories): every category with create, edit and delete.
import type { CategoryView } from "@forum/contracts";
import { Badge, Paper } from "@mantine/core";
import { plural } from "../../lib/format";
import { useCategories } from "../../lib/useCategories";
import { AdminEmptyState } from "../AdminEmptyState";
import { AdminPageHeader } from "../AdminPageHeader";
import { CategoriesTable } from "../categories/CategoriesTable";
import { CategoriesTableSkeleton } from "../categories/CategoriesTableSkeleton";
import { CategoryDialog } from "../categories/CategoryDialog";
import { CreateCategoryButton } from "../categories/CreateCategoryButton";
import { LoadFailed } from "../LoadFailed";
import { useDialogTarget } from "../useDialogTarget";

export default function CategoriesPage() {
  const categories = useCategories();
  const editing = useDialogTarget<CategoryView>();
  return (
    <>
      <AdminPageHeader
        title="Categories"
        subtitle="Create, edit and delete the forum's categories"
        actions={
          <>
            {categories.isSuccess && (
              <Badge size="lg" variant="light" aria-live="polite">
                {plural(categories.data.length, "category", "categories")}
              </Badge>
            )}
            <CreateCategoryButton />
          </>
        }
      />
      {categories.isPending ? (
        <CategoriesTableSkeleton />
      ) : categories.isError ? (
        <LoadFailed what="categories" onRetry={() => void categories.refetch()} />
      ) : categories.data.length === 0 ? (
        <AdminEmptyState title="No categories available" text="Categories you create will appear here" />
      ) : (
        <Paper withBorder>
          <CategoriesTable categories={categories.data} onEdit={editing.open} />
        </Paper>
      )}
      <CategoryDialog category={editing.target} opened={editing.opened} onClose={editing.close} />
    </>
  );
}
