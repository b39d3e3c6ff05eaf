// The forum's identity (name, description, contact, logo) as the admin set it on the "Site"
// screen: the header, the end of every tab title, the sign-in card. The server render asks for it
// like any screen's data, so it arrives in the page's initial data and the page is drawn with it
// (no flash of the default name); until an answer is known, the defaults stand in.
import { DEFAULT_SITE, type Site } from "@forum/contracts";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "./trpc";

export function useSite(): Site {
  const trpc = useTRPC();
  // Kept for the visit: an admin's change reaches other tabs at their next page load.
  const { data } = useQuery({ ...trpc.site.get.queryOptions(), staleTime: Number.POSITIVE_INFINITY });
  return data ?? DEFAULT_SITE;
}
