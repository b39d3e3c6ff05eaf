export default function CategoriesPage() {
  return null;
}
