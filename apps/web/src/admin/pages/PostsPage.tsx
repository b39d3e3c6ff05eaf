export default function PostsPage() {
  return null;
}
