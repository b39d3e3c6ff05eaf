export default function PostPage() {
  return null;
}
