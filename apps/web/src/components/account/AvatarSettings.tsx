// The avatar block of the Profile tab (spec: avatar, Change Avatar button, its hint): pick a
// picture, see it as it will show (a centred circle of it), then save it; or remove the current one.
import { AVATAR_ACCEPT, AVATAR_HINT, type CurrentUser } from "@forum/contracts";
import { Avatar, Button, FileButton, Group, Stack, Text } from "@mantine/core";
import { useRef } from "react";
import { UserAvatar } from "../ui/UserAvatar";
import { useAvatarChange } from "./useAvatarChange";

export function AvatarSettings({ user }: { user: CurrentUser }) {
  const avatar = useAvatarChange();
  // Cleared after each pick, so picking the same file again (after Cancel) is noticed.
  const resetPicker = useRef<() => void>(null);
  const busy = avatar.uploading || avatar.removing;

  return (
    <Group gap="md" wrap="nowrap" align="center">
      {avatar.picked ? (
        <Avatar src={avatar.picked.previewUrl} size="xl" alt="Preview of your new avatar" />
      ) : (
        <UserAvatar user={user} size="xl" />
      )}
      <Stack gap={6}>
        {avatar.picked ? (
          <Group gap="xs">
            <Button size="sm" onClick={avatar.upload} loading={avatar.uploading}>
              Save Avatar
            </Button>
            <Button size="sm" variant="default" onClick={avatar.cancel} disabled={avatar.uploading}>
              Cancel
            </Button>
          </Group>
        ) : (
          <Group gap="xs">
            <FileButton
              resetRef={resetPicker}
              accept={AVATAR_ACCEPT}
              inputProps={{ "aria-label": "Avatar picture" }}
              onChange={(file) => {
                void avatar.pick(file);
                resetPicker.current?.();
              }}
            >
              {(props) => (
                <Button variant="default" size="sm" disabled={busy} {...props}>
                  Change Avatar
                </Button>
              )}
            </FileButton>
            {user.profileImageUrl && (
              <Button variant="subtle" color="red" size="sm" onClick={avatar.remove} loading={avatar.removing}>
                Remove Avatar
              </Button>
            )}
          </Group>
        )}
        <Text size="xs" c="dimmed">
          {AVATAR_HINT}
        </Text>
        {avatar.picked && (
          <Text size="xs" c="dimmed">
            Preview: the centre square of the picture is kept. Save Avatar to use it.
          </Text>
        )}
        {avatar.problem && (
          <Text size="xs" c="red" role="alert">
            {avatar.problem}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
