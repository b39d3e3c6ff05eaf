// A post's or reply's text as written, with each @username a link to that member's profile.
import { mentionParts } from "@forum/contracts";
import { Anchor } from "@mantine/core";
import { Link } from "react-router";

export function MentionText({ text }: { text: string }) {
  return mentionParts(text).map((part, index) =>
    part.username ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order
      <Anchor key={index} component={Link} to={`/u/${part.username}`} fw={600}>
        {part.text}
      </Anchor>
    ) : (
      part.text
    ),
  );
}
