// A member's API tokens for User Management: name, scope and last use, each revocable at once.
import type { AdminUserView } from "@forum/contracts";
import { ActionIcon, Modal, Skeleton, Text, Tooltip } from "@mantine/core";
import { IconApi } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiTokenList } from "../../components/apiTokens/ApiTokenList";
import { useTRPC } from "../../lib/trpc";
import { useToastedMutation } from "../../lib/useToastedMutation";

export function UserTokensAction({ user, disabled }: { user: AdminUserView; disabled: boolean }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Tooltip label="API tokens">
        <ActionIcon
          variant="subtle"
          aria-label={`API tokens of ${user.username}`}
          onClick={() => setOpened(true)}
          disabled={disabled}
        >
          <IconApi size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Modal opened={opened} onClose={() => setOpened(false)} title={`API tokens of ${user.username}`}>
        {opened && <UserTokens user={user} />}
      </Modal>
    </>
  );
}

function UserTokens({ user }: { user: AdminUserView }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = trpc.apiTokens.ofUser.queryOptions({ userId: user.id });
  const tokens = useQuery(query);
  const revoke = useToastedMutation(trpc.apiTokens.adminRevoke.mutationOptions(), {
    success: "Token revoked: it no longer works",
    failure: "Failed to revoke the token",
    onSuccess: () => queryClient.invalidateQueries({ queryKey: query.queryKey }),
  });
  if (tokens.isError) return <Text c="dimmed">The tokens could not be loaded.</Text>;
  if (!tokens.data) return <Skeleton height={60} />;
  return (
    <ApiTokenList
      tokens={tokens.data}
      revoking={revoke.isPending}
      onRevoke={(token) => revoke.mutate({ id: token.id })}
      empty={`${user.username} has no API tokens.`}
    />
  );
}
