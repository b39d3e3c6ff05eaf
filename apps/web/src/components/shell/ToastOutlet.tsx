// Where toasts appear: at the top on mobile, bottom right on wider screens; one at a time, 5 s.
// A toast never covers the control that caused it (issue 13: the Settings toast sat on Save
// Changes, and hovering it there kept it open): when that control is in the toast's corner, the
// toast uses the opposite edge. Loaded by the first toast (see lib/toast.ts).
import { useMediaQuery } from "@mantine/hooks";
import { Notifications, type NotificationsProps, notifications } from "@mantine/notifications";
import { useEffect, useRef } from "react";
import { connectToastOutlet } from "../../lib/toast";

type Position = NonNullable<NotificationsProps["position"]>;

const TOAST_MAX_WIDTH = 420;
/** The height a toast may take at its edge, with the container's 16 px inset. */
const TOAST_ZONE = 160;

/** The usual place, or the opposite edge when the control that has focus sits where the toast would. */
function placeFor(mobile: boolean): Position {
  const usual: Position = mobile ? "top-center" : "bottom-right";
  const trigger = document.activeElement;
  if (!(trigger instanceof HTMLElement) || trigger === document.body) return usual;
  const box = trigger.getBoundingClientRect();
  const covered = mobile
    ? box.top < TOAST_ZONE
    : box.bottom > window.innerHeight - TOAST_ZONE && box.right > window.innerWidth - TOAST_MAX_WIDTH - 16;
  if (!covered) return usual;
  return mobile ? "bottom-center" : "top-right";
}

export function ToastOutlet() {
  // Read at once rather than after mount: the first toast is shown right away, in its place.
  const mobile = useMediaQuery("(max-width: 48em)", undefined, { getInitialValueInEffect: false });
  const mobileRef = useRef(mobile);
  mobileRef.current = mobile;
  useEffect(
    () =>
      connectToastOutlet(({ title, message, color }) => {
        notifications.clean();
        const position = placeFor(mobileRef.current === true);
        notifications.show({ title, message, color, autoClose: 5000, position });
      }),
    [],
  );
  return (
    <Notifications position={mobile ? "top-center" : "bottom-right"} limit={1} autoClose={5000} maw={TOAST_MAX_WIDTH} />
  );
}
