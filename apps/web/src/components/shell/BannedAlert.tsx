// The ban's notice itself (BannedNotice.tsx loads it when needed).
import { BANNED_MESSAGE } from "@forum/contracts";
import { Alert, type MantineSpacing } from "@mantine/core";

export default function BannedAlert({ mb }: { mb: MantineSpacing | undefined }) {
  return (
    <Alert color="red" variant="light" role="alert" mb={mb} data-ban-notice>
      {BANNED_MESSAGE}
    </Alert>
  );
}
