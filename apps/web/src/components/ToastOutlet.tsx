// Where toasts appear: at the top on mobile, bottom right on wider screens; one at a time, 5 s.
// Loaded by the first toast (see lib/toast.ts).
import { useMediaQuery } from "@mantine/hooks";
import { Notifications, notifications } from "@mantine/notifications";
import { useEffect } from "react";
import { connectToastOutlet } from "../lib/toast";

export function ToastOutlet() {
  // Read at once rather than after mount: the first toast is shown right away, in its place.
  const mobile = useMediaQuery("(max-width: 48em)", undefined, { getInitialValueInEffect: false });
  useEffect(
    () =>
      connectToastOutlet(({ title, message, color }) => {
        notifications.clean();
        notifications.show({ title, message, color, autoClose: 5000 });
      }),
    [],
  );
  return <Notifications position={mobile ? "top-center" : "bottom-right"} limit={1} autoClose={5000} maw={420} />;
}
