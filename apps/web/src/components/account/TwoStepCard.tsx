// "Two-step sign-in" on Settings → Security (issue 30): turn on an authenticator app (scan the QR
// code or type the key, then confirm with a current code), see the ten recovery codes once (copy
// or download them), and turn it off again with a current code or the password.
import type { TwoStepSetup } from "@forum/contracts";
import { Badge, Button, Group, Paper, Skeleton, Text, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { formatDate } from "../../lib/format";
import { useTRPC } from "../../lib/trpc";
import { useToastedMutation } from "../../lib/useToastedMutation";
import { ShownOnceDialog } from "../ui/ShownOnceDialog";
import { TwoStepOffForm } from "./TwoStepOffForm";
import { TwoStepSetupForm } from "./TwoStepSetupForm";

export function TwoStepCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const status = useQuery(trpc.twoStep.status.queryOptions());
  const [setup, setSetup] = useState<TwoStepSetup | null>(null);
  const [turningOff, setTurningOff] = useState(false);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  /** The status and the current user (whose twoStepEnabled the staff requirement reads). */
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.twoStep.status.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() });
  };
  const start = useToastedMutation(trpc.twoStep.setup.mutationOptions(), {
    failure: "Failed to start two-step sign-in set-up",
    onSuccess: setSetup,
  });

  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }} component="section" aria-labelledby="two-step-title">
      <Group justify="space-between" wrap="wrap" gap="xs" mb={4}>
        <Title order={2} size="h4" id="two-step-title">
          Two-step sign-in
        </Title>
        {status.data && (
          <Badge variant="light" color={status.data.enabled ? "green" : "gray"}>
            {status.data.enabled ? "On" : "Off"}
          </Badge>
        )}
      </Group>
      {status.isPending ? (
        <Skeleton height={48} />
      ) : status.isError ? (
        <Text c="dimmed">Two-step sign-in's state could not be loaded.</Text>
      ) : status.data.enabled ? (
        <>
          <Text size="sm" c="dimmed" mb="md">
            On since {status.data.enabledAt ? formatDate(status.data.enabledAt) : "today"}. Signing in asks for a code
            from your authenticator app after your password. Recovery codes left: {status.data.recoveryCodesLeft} of 10.
          </Text>
          {turningOff ? (
            <TwoStepOffForm
              onCancel={() => setTurningOff(false)}
              onDone={() => {
                setTurningOff(false);
                refresh();
              }}
            />
          ) : (
            <Button variant="light" color="red" onClick={() => setTurningOff(true)}>
              Turn off
            </Button>
          )}
        </>
      ) : setup ? (
        <TwoStepSetupForm
          setup={setup}
          onCancel={() => setSetup(null)}
          onEnabled={(codes) => {
            setSetup(null);
            setRecoveryCodes(codes);
            refresh();
          }}
        />
      ) : (
        <>
          <Text size="sm" c="dimmed" mb="md">
            Protect your account even if your password leaks: after your password, signing in also asks for a 6-digit
            code from an authenticator app on your phone.
          </Text>
          <Button onClick={() => start.mutate()} disabled={start.isPending}>
            {start.isPending ? "Starting..." : "Set up two-step sign-in"}
          </Button>
        </>
      )}
      <ShownOnceDialog
        title="Save your recovery codes"
        secret={recoveryCodes?.join("\n") ?? null}
        copyLabel="Copy codes"
        download={{ fileName: "forum-recovery-codes.txt", label: "Download" }}
        testId="recovery-codes"
        onClose={() => setRecoveryCodes(null)}
      >
        Two-step sign-in is on. If you lose your phone, each of these codes signs you in once instead of the app's code.
        Keep them somewhere safe: this is the only time they are shown.
      </ShownOnceDialog>
    </Paper>
  );
}
