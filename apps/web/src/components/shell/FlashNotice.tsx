// The message of a form that was posted natively (before the app was live, or without JavaScript):
// what the app's toast would have said, shown above the page's content by the server's render.
import { Alert, type MantineSpacing } from "@mantine/core";
import { useFlash } from "../../lib/flash";

export function FlashNotice({ mb }: { mb?: MantineSpacing }) {
  const [flash, dismiss] = useFlash();
  // A flash without words only carries a form's state (the second step of a sign-in).
  if (!flash?.message) return null;
  const failed = flash.color === "red";
  return (
    <Alert
      color={flash.color}
      title={flash.title}
      role={failed ? "alert" : "status"}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={dismiss}
      mb={mb}
      data-flash
    >
      {flash.message}
    </Alert>
  );
}
