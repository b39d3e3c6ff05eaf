// The upload types as the screen names them.
import { BULK_UPLOAD_TYPES, type BulkUploadType } from "@forum/contracts";

const LABELS: Record<BulkUploadType, { label: string; one: string }> = {
  users: { label: "Users", one: "user" },
  categories: { label: "Categories", one: "category" },
  posts: { label: "Posts", one: "post" },
  replies: { label: "Replies", one: "reply" },
};

export const UPLOAD_TYPE_OPTIONS = BULK_UPLOAD_TYPES.map((type) => ({ value: type, label: LABELS[type].label }));

export function isUploadType(value: string | null): value is BulkUploadType {
  return (BULK_UPLOAD_TYPES as readonly string[]).includes(value ?? "");
}

/** "Imported 1 user", "Imported 12 categories". */
export function importedText(count: number, type: BulkUploadType): string {
  return `Imported ${count} ${count === 1 ? LABELS[type].one : type}`;
}

export function exampleFileUrl(type: BulkUploadType): string {
  return `/uploads/example_${type}.xlsx`;
}

const EXCEL_FILE = /\.xlsx?$/i;

export function isExcelFile(file: File): boolean {
  return EXCEL_FILE.test(file.name);
}
