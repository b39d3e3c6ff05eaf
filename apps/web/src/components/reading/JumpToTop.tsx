// Shown when a discussion opened at the member's first unread reply: back to its start. It rides
// along the replies just below the fixed header (a height-less sticky row, styles/global.css
// `.jump-to-top`), so it is at hand wherever the reader is in them and covers nothing else.
import { READ_STATE_MESSAGES } from "@forum/contracts";
import { Button } from "@mantine/core";
import { IconArrowUp } from "@tabler/icons-react";

export function JumpToTop() {
  return (
    <div className="jump-to-top">
      <Button
        leftSection={<IconArrowUp size={16} aria-hidden />}
        variant="default"
        radius="xl"
        size="xs"
        onClick={() => window.scrollTo({ top: 0 })}
      >
        {READ_STATE_MESSAGES.jumpToTop}
      </Button>
    </div>
  );
}
