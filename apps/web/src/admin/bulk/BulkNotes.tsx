// The rules every spreadsheet follows (spec section 2).
import { AdminNotes } from "../AdminNotes";

const NOTES = [
  "Column names are case-sensitive.",
  "All required columns must be present.",
  "IDs (categoryId, authorId, postId) must match existing records.",
  "Slugs are generated on import.",
  "The first sheet is read; its first row holds the column names.",
  "If any row has a problem, nothing is imported.",
];

export function BulkNotes() {
  return <AdminNotes notes={NOTES} />;
}
