// What happens to a deleted account's posts and replies (issue 30): the same two choices for the
// member deleting their own account and for an admin deleting a member.
import { type DeletedContentChoice as Choice, DELETED_MEMBER } from "@forum/contracts";
import { Radio, Stack } from "@mantine/core";

type Props = {
  value: Choice;
  onChange: (value: Choice) => void;
  /** "you": the member's own account; otherwise the member's username. */
  whose: "you" | string;
};

export function DeletedContentChoice({ value, onChange, whose }: Props) {
  const own = whose === "you";
  return (
    <Radio.Group
      value={value}
      onChange={(next) => onChange(next as Choice)}
      label={own ? "What you wrote" : `What ${whose} wrote`}
    >
      <Stack gap="sm" mt="xs">
        <Radio
          value="keep"
          label={own ? "Keep what I wrote" : "Keep their posts and replies"}
          description={`Posts and replies stay in their discussions, shown as written by "${DELETED_MEMBER}". The name, profile, avatar, email, sessions, API tokens and notifications are removed; votes still count, without a name.`}
        />
        <Radio
          value="delete"
          color="red"
          iconColor="white"
          label={own ? "Also delete everything I wrote" : "Also delete their posts and replies"}
          description="Posts and replies are removed, with the replies of others under those posts."
        />
      </Stack>
    </Radio.Group>
  );
}
