// The reply box of a post screen, shared by the form and the replies above it: its text, the
// reply it answers (sent as replyToId, shown as "Replying to @name"), and a way for any reply's
// actions to answer it. A "Reply" (or a Quote, which also brings text) calls `answer`: the box
// remembers the reply, adds the text through the composer (undo keeps working), and takes the focus.
import type { PostView } from "@forum/contracts";
import {
  createContext,
  type ReactNode,
  type RefObject,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from "react";
import { useCurrentUser } from "../../auth/useCurrentUser";
import { useFlashValues } from "../../lib/flash";
import { useKeptText } from "../../lib/keptText";
import type { MarkdownEditorHandle } from "../composer/MarkdownEditor";
import { isStaff } from "./canModify";

/** A reply being answered: its id and its author's username. */
export type ReplyTarget = { id: number; username: string | null };

export type ReplyBox = {
  content: string;
  setContent: (content: string) => void;
  replyTo: ReplyTarget | null;
  setReplyTo: (target: ReplyTarget | null) => void;
  /**
   * Answer a reply (or, with null, the post itself): remember it, append `text` (a quote) when
   * given, focus the box.
   */
  answer: (target: ReplyTarget | null, text?: string) => void;
  /** False for a member in a locked discussion (moderators and admins may still reply). */
  canReply: boolean;
  /** The reply form's composer (components/composer/MarkdownEditor.tsx). */
  editorRef: RefObject<MarkdownEditorHandle | null>;
  /**
   * What `answer` could not do yet because the composer was still loading (it is loaded lazily):
   * the composer takes it when it mounts, so a Quote clicked meanwhile is not lost.
   */
  takePending: () => { text?: string } | null;
};

const ReplyBoxContext = createContext<ReplyBox | null>(null);

export function ReplyBoxProvider({ post, children }: { post: PostView; children: ReactNode }) {
  const { user } = useCurrentUser();
  // Kept until sent: a session that runs out mid-reply sends the member to log in and back. A reply
  // the server refused when it was posted natively comes back with the page (lib/flash.ts).
  const refused = useFlashValues("reply").content;
  const [content, setContent] = useKeptText(`reply:${post.id}`, refused);
  const [replyTo, setReplyTo] = useState<ReplyTarget | null>(null);
  const editorRef = useRef<MarkdownEditorHandle | null>(null);
  const pendingRef = useRef<{ text?: string } | null>(null);
  const canReply = user !== null && (!post.locked || isStaff(user));
  const answer = useCallback((target: ReplyTarget | null, text?: string) => {
    if (target) setReplyTo(target);
    const editor = editorRef.current;
    if (!editor) {
      const earlier = pendingRef.current?.text;
      pendingRef.current = text ? { text: earlier ? `${earlier}${text}` : text } : (pendingRef.current ?? {});
    } else if (text) editor.append(text);
    else editor.focus();
  }, []);
  const takePending = useCallback(() => {
    const pending = pendingRef.current;
    pendingRef.current = null;
    return pending;
  }, []);
  const value = useMemo(
    () => ({ content, setContent, replyTo, setReplyTo, answer, canReply, editorRef, takePending }),
    [content, setContent, replyTo, answer, canReply, takePending],
  );
  return <ReplyBoxContext.Provider value={value}>{children}</ReplyBoxContext.Provider>;
}

/** The reply box of this post screen; null outside one. */
export function useReplyBox(): ReplyBox | null {
  return useContext(ReplyBoxContext);
}

/** Quote: puts a quote block into the reply box, answering the quoted reply (null: the post). */
export type QuoteInReply = (block: string, target: ReplyTarget | null) => void;

/** The Quote action, or null when this member cannot reply here (no box to quote into). */
export function useQuoteInReply(): QuoteInReply | null {
  const box = useReplyBox();
  return box?.canReply ? (block, target) => box.answer(target, block) : null;
}
