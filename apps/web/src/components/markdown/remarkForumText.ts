// What forum text does beyond CommonMark, in one pass over the text nodes:
// - line breaks are kept (spec: "body with line breaks kept"; posts written before Markdown rely
//   on it, and so does a quote's "@name wrote:" line), as GitHub comments do;
// - each "@username" becomes a link to that member's profile (the rule the server notifies by,
//   @forum/contracts mentionParts). Text inside links and code stays as written.
import { mentionParts } from "@forum/contracts";
import type { Break, Link, Nodes, Parents, Root, Text } from "mdast";

/** Marks a link as a mention: the renderer opens it in the app, not in a new tab. */
export const MENTION_ATTRIBUTE = "data-mention";

function mentionNodes(value: string): Array<Text | Link> {
  return mentionParts(value).map((part) =>
    part.username
      ? {
          type: "link",
          url: `/u/${encodeURIComponent(part.username)}`,
          data: { hProperties: { [MENTION_ATTRIBUTE]: "" } },
          children: [{ type: "text", value: part.text }],
        }
      : { type: "text", value: part.text },
  );
}

function textNodes(text: Text, inLink: boolean): Array<Text | Link | Break> {
  const nodes: Array<Text | Link | Break> = [];
  text.value.split(/\r?\n/).forEach((line, index) => {
    if (index > 0) nodes.push({ type: "break" });
    if (line) nodes.push(...(inLink ? [{ type: "text" as const, value: line }] : mentionNodes(line)));
  });
  return nodes;
}

function visit(node: Parents, inLink: boolean): void {
  const children: Nodes[] = [];
  for (const child of node.children as Nodes[]) {
    if (child.type === "text") children.push(...textNodes(child, inLink));
    else {
      if ("children" in child) visit(child, inLink || child.type === "link" || child.type === "linkReference");
      children.push(child);
    }
  }
  (node as { children: Nodes[] }).children = children;
}

/** The remark plugin. */
export function remarkForumText() {
  return (tree: Root) => visit(tree, false);
}
