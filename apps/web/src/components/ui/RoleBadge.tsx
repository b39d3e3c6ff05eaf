// A member's role as a badge: admin red, moderator yellow, anyone else blue (spec: User profile).
import type { Role } from "@forum/contracts";
import { Badge, type BadgeProps } from "@mantine/core";

const ROLE_COLOR: Record<Role, string> = { admin: "red", moderator: "yellow", user: "blue" };

export function RoleBadge({ role, ...props }: { role: Role } & Omit<BadgeProps, "color" | "children">) {
  return (
    <Badge color={ROLE_COLOR[role] ?? "blue"} variant="light" {...props}>
      {role}
    </Badge>
  );
}
