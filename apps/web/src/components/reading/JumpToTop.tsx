// Shown when a discussion opened at the member's first unread reply: back to its start.
import { READ_STATE_MESSAGES } from "@forum/contracts";
import { Affix, Button } from "@mantine/core";
import { IconArrowUp } from "@tabler/icons-react";

export function JumpToTop() {
  return (
    <Affix position={{ bottom: 20, right: 20 }}>
      <Button
        leftSection={<IconArrowUp size={16} aria-hidden />}
        variant="default"
        radius="xl"
        onClick={() => window.scrollTo({ top: 0 })}
      >
        {READ_STATE_MESSAGES.jumpToTop}
      </Button>
    </Affix>
  );
}
