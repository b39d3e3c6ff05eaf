// The slide-over menu of phone screens (the forum's and the admin area's): toggled by the
// burger, closed by Escape with focus back on the burger, and inert while closed so its links
// stay out of the tab order.
import { useDisclosure, useMediaQuery, useWindowEvent } from "@mantine/hooks";
import { useRef } from "react";

export function usePhoneMenu() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const isPhone = useMediaQuery("(max-width: 48em)");
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
    /** Set on the navbar: the closed menu is off screen on phones. */
    inert: isPhone === true && !opened,
    burger: {
      ref: burgerRef,
      opened,
      onClick: toggle,
      "aria-label": opened ? "Close menu" : "Open menu",
      "aria-expanded": opened,
    },
  };
}
