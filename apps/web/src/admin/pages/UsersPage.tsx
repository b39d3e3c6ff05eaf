export default function UsersPage() {
  return null;
}
