// One create-post dialog for the whole app; any screen opens it, optionally with a category.
import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { useCurrentUser } from "../auth/useCurrentUser";

// Loaded on the first open: the form's pieces stay out of every page's first download.
const CreatePostDialog = lazy(() =>
  import("./CreatePostDialog").then((module) => ({ default: module.CreatePostDialog })),
);

type OpenCreatePost = (categoryId?: number) => void;
const CreatePostContext = createContext<OpenCreatePost>(() => undefined);

export function CreatePostProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ opened: boolean; categoryId?: number | undefined }>({ opened: false });
  const [everOpened, setEverOpened] = useState(false);
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const open = useCallback<OpenCreatePost>(
    (categoryId) => {
      // Visitors sign in first rather than write a post the server would refuse.
      if (!user) navigate("/auth");
      else {
        setEverOpened(true);
        setState({ opened: true, categoryId });
      }
    },
    [user, navigate],
  );
  const close = useCallback(() => setState({ opened: false }), []);
  const value = useMemo(() => open, [open]);
  return (
    <CreatePostContext.Provider value={value}>
      {children}
      {everOpened && (
        <Suspense fallback={null}>
          <CreatePostDialog opened={state.opened} onClose={close} initialCategoryId={state.categoryId} />
        </Suspense>
      )}
    </CreatePostContext.Provider>
  );
}

export function useOpenCreatePost(): OpenCreatePost {
  return useContext(CreatePostContext);
}
