// "Quote" on a post or reply: "> @author wrote:" and the text, into the reply box. With text
// selected inside this post or reply, only that part is quoted; otherwise the whole text as
// written (its Markdown kept).
import { Button } from "@mantine/core";
import { IconQuote } from "@tabler/icons-react";
import type { RefObject } from "react";
import { quoteBlock, quotedAuthor } from "../composer/markdownEdits";
import { useQuoteInReply } from "./replyBox";

/** The selected text within `content`, cut to it when the selection runs past its edges. */
function selectedWithin(content: HTMLElement): string {
  const selection = window.getSelection();
  if (!selection || selection.isCollapsed || selection.rangeCount === 0) return "";
  const range = selection.getRangeAt(0).cloneRange();
  if (!range.intersectsNode(content)) return "";
  const inside = content.contains(range.startContainer) && content.contains(range.endContainer);
  if (!inside) {
    if (!content.contains(range.startContainer)) range.setStart(content, 0);
    if (!content.contains(range.endContainer)) range.setEnd(content, content.childNodes.length);
    // The selection's own text keeps the line breaks between paragraphs; a range's would not.
    selection.removeAllRanges();
    selection.addRange(range);
  }
  return selection.toString().trim();
}

type Props = {
  author: string | null;
  /** The text as written, quoted when nothing in it is selected. */
  source: string;
  content: RefObject<HTMLElement | null>;
  replyId?: number;
};

export function QuoteButton({ author, source, content, replyId }: Props) {
  const quote = useQuoteInReply();
  if (!quote) return null;
  const onClick = () => {
    const selected = content.current ? selectedWithin(content.current) : "";
    // Quoting a reply also answers it (replyToId); quoting the post answers no reply.
    quote(quoteBlock(author, selected || source), replyId === undefined ? null : { id: replyId, username: author });
  };
  return (
    <Button
      variant="subtle"
      color="gray"
      size="compact-sm"
      leftSection={<IconQuote size={14} aria-hidden />}
      // A mouse press would clear the selection before the click reads it.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      aria-label={`Quote ${author ? quotedAuthor(author) : "this"}`}
    >
      Quote
    </Button>
  );
}
