// One create-post dialog for the whole app; any screen opens it, optionally with a category.
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { useCurrentUser } from "../auth/useCurrentUser";
import { CreatePostDialog } from "./CreatePostDialog";

type OpenCreatePost = (categoryId?: number) => void;
const CreatePostContext = createContext<OpenCreatePost>(() => undefined);

export function CreatePostProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ opened: boolean; categoryId?: number | undefined }>({ opened: false });
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const open = useCallback<OpenCreatePost>(
    (categoryId) => {
      // Visitors sign in first rather than write a post the server would refuse.
      if (!user) navigate("/auth");
      else setState({ opened: true, categoryId });
    },
    [user, navigate],
  );
  const close = useCallback(() => setState({ opened: false }), []);
  const value = useMemo(() => open, [open]);
  return (
    <CreatePostContext.Provider value={value}>
      {children}
      <CreatePostDialog opened={state.opened} onClose={close} initialCategoryId={state.categoryId} />
    </CreatePostContext.Provider>
  );
}

export function useOpenCreatePost(): OpenCreatePost {
  return useContext(CreatePostContext);
}
