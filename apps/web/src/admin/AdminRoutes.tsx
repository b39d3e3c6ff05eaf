// The admin area: its own chunk, loaded only when an admin opens /admin. Anyone else goes to /.
import { Navigate } from "react-router";
import { useCurrentUser } from "../auth/useCurrentUser";
import { FullScreenLoading } from "../components/FullScreenLoading";

export default function AdminRoutes() {
  const { user, isAdmin, isLoading } = useCurrentUser();
  if (isLoading) return <FullScreenLoading />;
  if (!user || !isAdmin) return <Navigate to="/" replace />;
  return <AdminPlaceholder />;
}

function AdminPlaceholder() {
  return <FullScreenLoading />;
}
