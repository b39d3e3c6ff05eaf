// Toasts: one visible at a time, 5 s each (the Notifications container sets both).
import { notifications } from "@mantine/notifications";

export function toastSuccess(title: string, message?: string) {
  notifications.show({ title, message: message ?? "", color: "green", autoClose: 5000 });
}

export function toastError(title: string, message?: string) {
  notifications.show({ title, message: message ?? "", color: "red", autoClose: 5000 });
}
