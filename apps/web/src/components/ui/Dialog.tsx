// Every dialog of the app: Mantine's Modal, with focus going back to the control that opened it
// when it closes (Escape, the close button, Cancel or a save). Mantine does that only for a modal
// that was first mounted closed; ours often mount already open (loaded on first use, or per record).
import { Modal, type ModalProps } from "@mantine/core";
import { useEffect, useRef } from "react";

export function Dialog({ opened, ...props }: ModalProps) {
  const opener = useRef<HTMLElement | null>(null);
  const wasOpened = useRef(false);
  if (opened && !wasOpened.current) {
    // Read while rendering the opening: the focus trap moves focus into the dialog right after.
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }
  wasOpened.current = opened;

  useEffect(() => {
    if (opened) return;
    const target = opener.current;
    opener.current = null;
    if (!target?.isConnected) return;
    // After the modal has let go of focus (its trap ends with `opened`).
    const timer = window.setTimeout(() => target.focus({ preventScroll: true }), 0);
    return () => window.clearTimeout(timer);
  }, [opened]);

  return <Modal opened={opened} {...props} />;
}
