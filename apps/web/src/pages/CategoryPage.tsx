export default function CategoryPage() {
  return null;
}
