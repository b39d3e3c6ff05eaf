// After a category changes: the sidebar's list, the dashboard's totals and the posts that show
// the category's name and colour are all marked stale.
import { useRefreshPostLists } from "../../components/post/postCache";

export function useRefreshCategories() {
  const refreshLists = useRefreshPostLists();
  return () => refreshLists({ categories: true });
}
