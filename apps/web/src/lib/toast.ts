// Toasts: one visible at a time, 5 s each. A new toast replaces the current one instead of
// queueing behind it, so quick actions never leave a backlog of stale messages.
import { notifications } from "@mantine/notifications";

function show(title: string, message: string | undefined, color: "green" | "red") {
  notifications.clean();
  notifications.show({ title, message: message ?? "", color, autoClose: 5000 });
}

export function toastSuccess(title: string, message?: string) {
  show(title, message, "green");
}

export function toastError(title: string, message?: string) {
  show(title, message, "red");
}
