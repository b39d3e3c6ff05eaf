// A screen that only sends the reader elsewhere (a signed-in member on /auth, a visitor in the
// admin area). In the browser it is React Router's <Navigate>. A server render never renders
// <Navigate> (React Router warns, and the visitor got an empty page that redirected seconds later,
// once the app had loaded: issue 25): it records where to, and the server answers with a redirect.
import { createContext, useContext } from "react";
import { Navigate } from "react-router";

/** Where a server render collects the redirect its screen asked for (renderApp.tsx); absent in the browser. */
export const RedirectRecorder = createContext<{ to?: string } | null>(null);

export function Redirect({ to, state }: { to: string; state?: unknown }) {
  const recorder = useContext(RedirectRecorder);
  if (recorder) {
    // The first one rendered wins, as in the browser, where it navigates first.
    recorder.to ??= to;
    return null;
  }
  return <Navigate to={to} replace state={state} />;
}
