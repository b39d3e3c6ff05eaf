// Site (/admin/site, admins): the forum's name, one-line description, contact address and logo.
// A change shows on every page at once: the server drops its kept pages (kind "site").
import { Skeleton, Stack } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../lib/trpc";
import { AdminPageHeader } from "../AdminPageHeader";
import { LoadFailed } from "../LoadFailed";
import { SiteIdentityCard } from "../site/SiteIdentityCard";
import { SiteLogoCard } from "../site/SiteLogoCard";

export default function SitePage() {
  const trpc = useTRPC();
  const site = useQuery(trpc.site.get.queryOptions());
  return (
    <>
      <AdminPageHeader title="Site" subtitle="The forum's name, description, contact address and logo" />
      {site.isPending ? (
        <Skeleton height={240} />
      ) : site.isError ? (
        <LoadFailed what="site settings" onRetry={() => void site.refetch()} />
      ) : (
        <Stack gap="md">
          <SiteIdentityCard site={site.data} />
          <SiteLogoCard site={site.data} />
        </Stack>
      )}
    </>
  );
}
