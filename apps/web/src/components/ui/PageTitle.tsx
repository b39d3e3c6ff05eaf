// A screen's own heading — its one h1 — and the browser tab's title, set together so they agree.
import { Title, type TitleProps } from "@mantine/core";
import { createContext, useContext, useEffect } from "react";
import { useSite } from "../../lib/site";

/** Where a server render collects the page's title (entry-server.tsx); absent in the browser. */
export const PageHeadContext = createContext<{ title?: string } | null>(null);

/** "Latest Discussions - Tech Forum"; the forum's name alone while nothing more is known. */
export function usePageTitle(title: string | undefined) {
  const { name } = useSite();
  const full = title ? `${title} - ${name}` : name;
  const head = useContext(PageHeadContext);
  if (head) head.title = full;
  useEffect(() => {
    document.title = full;
  }, [full]);
}

type PageTitleProps = Omit<TitleProps, "order" | "children"> & { children: string; tabTitle?: string };

/** The h1, drawn at h2 size unless told otherwise (the header already carries the forum's name). */
export function PageTitle({ children, tabTitle, size = "h2", ...props }: PageTitleProps) {
  usePageTitle(tabTitle ?? children);
  return (
    <Title order={1} size={size} {...props}>
      {children}
    </Title>
  );
}
