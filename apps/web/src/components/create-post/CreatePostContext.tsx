// One create-post dialog for the whole app; any screen opens it, optionally with a category.
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from "react";
import { useCurrentUser } from "../../auth/useCurrentUser";
import { useGoToLogin, useResumed } from "../../lib/loginReturn";

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
  const goToLogin = useGoToLogin();
  const open = useCallback<OpenCreatePost>(
    (categoryId) => {
      // Visitors sign in first rather than write a post the server would refuse; the dialog
      // opens when they come back.
      if (!user) goToLogin("post", "create-post");
      else {
        setEverOpened(true);
        setState({ opened: true, categoryId });
      }
    },
    [user, goToLogin],
  );
  const [resumed, resumeDone] = useResumed();
  useEffect(() => {
    if (resumed !== "create-post" || !user) return;
    resumeDone();
    open();
  }, [resumed, user, open, resumeDone]);
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
