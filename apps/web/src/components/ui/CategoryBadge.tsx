// A post's category as a badge in the category's colour. The theme's autoContrast picks black or
// white text for the colour, whichever reads better (at least 4.58:1 for any colour).
import { Badge } from "@mantine/core";
import { Link } from "react-router";

const DEFAULT_COLOR = "#3B82F6";

export function CategoryBadge({ category }: { category: { name: string; slug: string; color: string } | null }) {
  if (!category) return null;
  return (
    <Badge
      component={Link}
      to={`/cats/${category.slug}`}
      color={category.color || DEFAULT_COLOR}
      variant="filled"
      style={{ cursor: "pointer", textTransform: "uppercase" }}
    >
      {category.name}
    </Badge>
  );
}
