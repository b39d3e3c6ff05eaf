// The page frame: header, the shared sidebar (fixed on desktop, slide-over on mobile), content.
import { AppShell, Overlay } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { Suspense } from "react";
import { Outlet } from "react-router";
import { Header } from "./Header";
import { PageLoader } from "./PageLoader";
import { Sidebar } from "./Sidebar";

export function Layout() {
  const [menuOpened, menu] = useDisclosure(false);
  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 260, breakpoint: "sm", collapsed: { mobile: !menuOpened } }}
      padding="md"
    >
      <AppShell.Header>
        <Header menuOpened={menuOpened} onToggleMenu={menu.toggle} />
      </AppShell.Header>
      <AppShell.Navbar>
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
