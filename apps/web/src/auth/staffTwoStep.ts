// The forum may require two-step sign-in of admins and moderators (Forum Settings): staff without
// it are sent to Settings → Security to set it up before anything else. The server refuses their
// staff calls meanwhile (403); this is where the app sends them instead of showing those refusals.
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { isStaff } from "../components/post/canModify";
import { useTRPC } from "../lib/trpc";
import { useCurrentUser } from "./useCurrentUser";

export const TWO_STEP_SET_UP_PATH = "/settings?tab=security";

/** Whether the signed-in member is staff who must turn on two-step sign-in first. */
export function useStaffMustSetUpTwoStep(): boolean {
  const trpc = useTRPC();
  const { user } = useCurrentUser();
  const concerned = isStaff(user) && !user.twoStepEnabled;
  const settings = useQuery({ ...trpc.forumSettings.get.queryOptions(), enabled: concerned });
  return concerned && settings.data?.requireStaffTwoStep === true;
}

/** Sends such staff to the set-up from any other page. */
export function useStaffTwoStepGate(): void {
  const mustSetUp = useStaffMustSetUpTwoStep();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (mustSetUp && pathname !== "/settings") navigate(TWO_STEP_SET_UP_PATH, { replace: true });
  }, [mustSetUp, pathname, navigate]);
}
