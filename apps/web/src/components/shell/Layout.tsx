// The page frame: skip link, header, the shared sidebar (fixed on desktop, slide-over on
// mobile), content. Plain elements styled in styles/global.css (`.site-frame`), not Mantine's
// AppShell: AppShell sets its own state in its first layout effects, and its context then tells
// every part of the page not hydrated yet to hydrate at once, in one task (bench/README.md).
import { Overlay } from "@mantine/core";
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
    <div className="site-frame">
      <SkipLink />
      {/* right-scroll-bar-position: a modal that locks the page's scrolling pads this too. */}
      <header className="site-header right-scroll-bar-position">
        <Header burger={menu.burger} />
      </header>
      <nav className={`site-navbar ${menu.menu.className}`} data-opened={menu.menu["data-opened"]}>
        <Sidebar onNavigate={menu.close} />
      </nav>
      {menu.opened && <Overlay hiddenFrom="sm" fixed zIndex={99} backgroundOpacity={0.45} onClick={menu.close} />}
      <main className="site-main" id={MAIN_CONTENT_ID} tabIndex={-1}>
        <BannedNotice mb="md" />
        <FlashNotice mb="md" />
        <UnconfirmedEmailBanner />
        {/* The header placement: above every public screen's content, as wide as it fits. */}
        <AdSlot placement="header" mb="md" />
        <Suspense fallback={<PageLoader />}>
          <Outlet />
          <PageHydrated />
        </Suspense>
      </main>
    </div>
  );
}
