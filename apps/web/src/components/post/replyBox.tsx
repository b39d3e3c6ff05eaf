// The post page's reply box, reachable from the posts and replies above it: a Quote action puts
// its quote into the box. Only a member who can reply has a box, so only they see Quote.
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from "react";

/** Puts a quote block into the reply box; `replyId` names the reply quoted (none: the post). */
export type QuoteInReply = (block: string, replyId?: number) => void;

const ReplyBoxContext = createContext<{ quote: QuoteInReply | null; setQuote: (quote: QuoteInReply | null) => void }>({
  quote: null,
  setQuote: () => undefined,
});

export function ReplyBoxProvider({ children }: { children: ReactNode }) {
  const [quote, setQuote] = useState<QuoteInReply | null>(null);
  const value = useMemo(() => ({ quote, setQuote }), [quote]);
  return <ReplyBoxContext.Provider value={value}>{children}</ReplyBoxContext.Provider>;
}

/** The reply box's quote action, or null when the page has no reply box. */
export function useQuoteInReply(): QuoteInReply | null {
  return useContext(ReplyBoxContext).quote;
}

/** Called by the reply box: quotes go to `quote` while it is on the page (keep it stable). */
export function useReceiveQuotes(quote: QuoteInReply): void {
  const { setQuote } = useContext(ReplyBoxContext);
  useEffect(() => {
    setQuote(() => quote);
    return () => setQuote(null);
  }, [quote, setQuote]);
}
