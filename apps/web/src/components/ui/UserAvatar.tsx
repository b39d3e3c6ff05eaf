// Profile image, else initials on a colour picked by a hash of the username (spec: Header, Avatar).
import { Avatar, type MantineSize } from "@mantine/core";

const PALETTE = ["blue", "red", "green", "orange", "grape", "teal", "pink", "indigo", "cyan", "lime"] as const;

type AvatarUser = {
  username?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  profileImageUrl?: string | null;
};

export function initialsOf(user: AvatarUser | null | undefined): string {
  const first = user?.firstName?.trim();
  const last = user?.lastName?.trim();
  if (first && last) return `${first[0]}${last[0]}`.toUpperCase();
  if (first) return first[0]?.toUpperCase() ?? "U";
  return user?.username?.trim()?.[0]?.toUpperCase() ?? "U";
}

export function avatarColor(username: string | null | undefined): string {
  if (!username) return "blue";
  let hash = 0;
  for (const char of username) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return PALETTE[Math.abs(hash) % PALETTE.length] ?? "blue";
}

export function UserAvatar({ user, size = "md" }: { user: AvatarUser | null | undefined; size?: MantineSize }) {
  const name = user?.username ?? "Unknown";
  if (user?.profileImageUrl) return <Avatar src={user.profileImageUrl} alt={`${name}'s avatar`} size={size} />;
  return (
    <Avatar color={avatarColor(user?.username)} size={size} alt={`${name}'s avatar`} variant="filled">
      {initialsOf(user)}
    </Avatar>
  );
}
