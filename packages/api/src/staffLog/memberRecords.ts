// The staff log's entries for what staff do to members' accounts.
import type { UserRow } from "@forum/db";
import { changedFields, type StaffRecord } from "./record";

/** What an admin may change of an account; a password is never among them. */
const MEMBER_FIELDS = ["username", "email", "firstName", "lastName", "role"] as const;

type Member = Pick<UserRow, "id" | "username">;

const about = (member: Member) => ({
  targetType: "member" as const,
  targetId: member.id,
  targetLabel: member.username,
});

export const memberRecords = {
  /** An edit: "member.role" when the role is among the changes, else "member.edit"; none when nothing changed. */
  edited(before: UserRow, after: UserRow): StaffRecord[] {
    const changes = changedFields(before, after, MEMBER_FIELDS);
    if (changes.length === 0) return [];
    const action = changes.some((change) => change.field === "role") ? "member.role" : "member.edit";
    return [{ action, ...about(after), changes }];
  },

  /** A ban or unban; none when the account already was as asked. */
  banned(member: Member & Pick<UserRow, "banned">, banned: boolean): StaffRecord[] {
    if ((member.banned === 1) === banned) return [];
    return [
      {
        action: banned ? "member.ban" : "member.unban",
        ...about(member),
        changes: [{ field: "banned", before: !banned, after: banned }],
      },
    ];
  },

  resetLink(member: Member, sentBy: "mail" | "link"): StaffRecord {
    return { action: "member.reset-link", ...about(member), details: { sentBy } };
  },

  /** An admin revoked one of the member's API tokens (named, never its secret). */
  tokenRevoked(member: Member, token: { id: number; name: string }): StaffRecord {
    return { action: "member.token-revoke", ...about(member), details: { tokenId: token.id, token: token.name } };
  },

  deleted(member: Member, content: "delete" | "keep"): StaffRecord {
    return { action: "member.delete", ...about(member), details: { content } };
  },
};
