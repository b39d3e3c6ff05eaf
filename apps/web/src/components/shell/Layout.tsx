// The page frame: skip link, header, the shared sidebar (fixed on desktop, slide-over on
// mobile), content.
import { AppShell, Overlay } from "@mantine/core";
import { Suspense } from "react";
import { Outlet } from "react-router";
import { UnconfirmedEmailBanner } from "../account/UnconfirmedEmailBanner";
import { AdSlot } from "../ads/AdSlot";
import { BannedNotice } from "./BannedNotice";
import { FlashNotice } from "./FlashNotice";
import { Header } from "./Header";
import { PageHydrated } from "./PageHydrated";
import { PageLoader } from "./PageLoader";
import { Sidebar } from "./Sidebar";
import { MAIN_CONTENT_ID, SkipLink } from "./SkipLink";
import { usePhoneMenu } from "./usePhoneMenu";

export function Layout() {
  const menu = usePhoneMenu();
  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 260, breakpoint: "sm", collapsed: { mobile: !menu.opened } }}
      padding="md"
    >
      <SkipLink />
      <AppShell.Header>
        <Header burger={menu.burger} />
      </AppShell.Header>
      <AppShell.Navbar inert={menu.inert}>
        <Sidebar onNavigate={menu.close} />
      </AppShell.Navbar>
      {menu.opened && <Overlay hiddenFrom="sm" fixed zIndex={99} backgroundOpacity={0.45} onClick={menu.close} />}
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <BannedNotice mb="md" />
        <FlashNotice mb="md" />
        <UnconfirmedEmailBanner />
        {/* The header placement: above every public screen's content, as wide as it fits. */}
        <AdSlot placement="header" mb="md" />
        <Suspense fallback={<PageLoader />}>
          <Outlet />
          <PageHydrated />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
