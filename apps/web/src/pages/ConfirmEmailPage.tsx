// /confirm-email?token=…: confirms the address a mailed link was sent to (a new account's, or the
// new one of a change of address). The token leaves the
// address bar at once; the server sends this page with no Referer.
import { MESSAGES } from "@forum/contracts";
import { Alert, Loader } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { AccountCard } from "../components/account/AccountCard";
import { usePageTitle } from "../components/ui/PageTitle";
import { httpStatusOf, useTRPC } from "../lib/trpc";

export default function ConfirmEmailPage() {
  usePageTitle("Confirm your email address");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [token] = useState(() => params.get("token") ?? "");
  const confirm = useMutation(
    trpc.email.confirm.mutationOptions({
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() }),
    }),
  );
  const { mutate } = confirm;
  useEffect(() => {
    if (window.location.search) window.history.replaceState(window.history.state, "", window.location.pathname);
    if (token) mutate({ token });
  }, [token, mutate]);
  return (
    <AccountCard subtitle="Confirm your email address">
      {confirm.isSuccess ? (
        <Alert color="green" role="status">
          {confirm.data.message}
        </Alert>
      ) : confirm.isError || !token ? (
        <Alert color="red" role="alert">
          {/* A new address someone else took meanwhile says so; any other failure is a dead link. */}
          {httpStatusOf(confirm.error) === 409 ? confirm.error?.message : MESSAGES.confirmLinkInvalid}
        </Alert>
      ) : (
        <Loader aria-label="Confirming" />
      )}
    </AccountCard>
  );
}
