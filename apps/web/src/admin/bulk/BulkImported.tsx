// What a successful import created: the count, and links to the new items (issue 13: the file
// stayed selected and nothing showed what had been imported).
import type { BulkUploadType } from "@forum/contracts";
import { Alert, Anchor, List, Text } from "@mantine/core";
import { Link } from "react-router";
import { importedText } from "./bulkTypes";

export type ImportedItem = {
  id: number;
  username?: string;
  name?: string;
  slug?: string;
  title?: string;
  postId?: number;
};
export type ImportReport = { type: BulkUploadType; items: ImportedItem[] };

const LISTED = 10;

/** Where an imported item is seen, and what to call it. */
function linkOf(type: BulkUploadType, item: ImportedItem): { to: string; label: string } | null {
  if (type === "users" && item.username) return { to: `/u/${item.username}`, label: item.username };
  if (type === "categories" && item.slug) return { to: `/cats/${item.slug}`, label: item.name ?? item.slug };
  if (type === "posts" && item.slug) return { to: `/posts/${item.slug}`, label: item.title ?? item.slug };
  return null;
}

const LIST_PAGE: Record<BulkUploadType, { to: string; label: string }> = {
  users: { to: "/admin/user-management", label: "User Management" },
  categories: { to: "/admin/categories", label: "Categories" },
  posts: { to: "/admin/posts", label: "Posts" },
  replies: { to: "/admin/posts", label: "Posts" },
};

export function BulkImported({ report }: { report: ImportReport }) {
  const links = report.items.map((item) => linkOf(report.type, item)).filter((link) => link !== null);
  const page = LIST_PAGE[report.type];
  return (
    <Alert color="green" title={importedText(report.items.length, report.type)} role="status">
      {links.length > 0 && (
        <List size="sm" spacing={2} mb="xs">
          {links.slice(0, LISTED).map((link) => (
            <List.Item key={link.to}>
              <Anchor component={Link} to={link.to} size="sm">
                {link.label}
              </Anchor>
            </List.Item>
          ))}
        </List>
      )}
      <Text size="sm">
        {links.length > LISTED ? `And ${links.length - LISTED} more: see ` : "See them all in "}
        <Anchor component={Link} to={page.to} size="sm">
          {page.label}
        </Anchor>
        .
      </Text>
    </Alert>
  );
}
