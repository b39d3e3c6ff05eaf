export default function BulkUploadPage() {
  return null;
}
