// The slide-over menu of phone screens (the forum's and the admin area's): toggled by the
// burger, closed by Escape with focus back on the burger. While closed on a phone it is hidden
// by CSS (`.phone-menu` in styles/global.css: off screen and out of the tab order and the
// accessibility tree), not by React state read from a media query: that state could only be
// known after the hydration, and setting it then re-rendered the whole frame at once.
import { useDisclosure, useWindowEvent } from "@mantine/hooks";
import { useRef } from "react";

export function usePhoneMenu() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const burgerRef = useRef<HTMLButtonElement>(null);
  useWindowEvent("keydown", (event) => {
    if (event.key !== "Escape" || !opened) return;
    close();
    burgerRef.current?.focus();
  });
  return {
    opened,
    toggle,
    close,
    /** Set on the menu's element. */
    menu: { className: "phone-menu", "data-opened": opened || undefined },
    burger: {
      ref: burgerRef,
      opened,
      onClick: toggle,
      "aria-label": opened ? "Close menu" : "Open menu",
      "aria-expanded": opened,
    },
  };
}
