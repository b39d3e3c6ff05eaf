// The page frame: header, the shared sidebar (fixed on desktop, slide-over on mobile), content.
import { AppShell, Overlay } from "@mantine/core";
import { useDisclosure, useMediaQuery } from "@mantine/hooks";
import { Suspense } from "react";
import { Outlet } from "react-router";
import { Header } from "./Header";
import { PageLoader } from "./PageLoader";
import { Sidebar } from "./Sidebar";

export function Layout() {
  const [menuOpened, menu] = useDisclosure(false);
  // On phones the closed menu sits off screen: inert keeps its links out of the tab order.
  const isPhone = useMediaQuery("(max-width: 48em)");
  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 260, breakpoint: "sm", collapsed: { mobile: !menuOpened } }}
      padding="md"
    >
      <AppShell.Header>
        <Header menuOpened={menuOpened} onToggleMenu={menu.toggle} />
      </AppShell.Header>
      <AppShell.Navbar inert={isPhone && !menuOpened}>
        <Sidebar onNavigate={menu.close} />
      </AppShell.Navbar>
      {menuOpened && <Overlay hiddenFrom="sm" fixed zIndex={99} backgroundOpacity={0.45} onClick={menu.close} />}
      <AppShell.Main>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
