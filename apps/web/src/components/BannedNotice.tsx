// What a member banned while signed in sees on the next page they open (issue 25: they were
// silently turned into a visitor): the server's reason, above the page's content.
import { MESSAGES } from "@forum/contracts";
import { Alert, type MantineSpacing } from "@mantine/core";
import { useCurrentUser } from "../auth/useCurrentUser";

export function BannedNotice({ mb }: { mb?: MantineSpacing }) {
  const { banned } = useCurrentUser();
  if (!banned) return null;
  return (
    <Alert color="red" variant="light" role="alert" mb={mb}>
      {MESSAGES.banned}
    </Alert>
  );
}
