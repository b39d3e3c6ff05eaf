// "Delete my account" at the end of Settings → Profile (issue 30): a dialog asks what happens to
// what the member wrote, their password, and a two-step code when two-step sign-in is on. Once
// deleted, the browser is signed out and lands on the home page with a toast.
import { ACCOUNT_DELETION_MESSAGES, type DeletedContentChoice as Choice } from "@forum/contracts";
import { Alert, Button, Group, Modal, Paper, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { useTRPC } from "../../lib/trpc";
import { useToastedMutation } from "../../lib/useToastedMutation";
import { DeletedContentChoice } from "./DeletedContentChoice";

export function DeleteAccountCard() {
  const [open, setOpen] = useState(false);
  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }} component="section" aria-labelledby="delete-account-title">
      <Title order={2} size="h4" mb={4} id="delete-account-title">
        Delete my account
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Deleting your account signs you out everywhere and cannot be undone. You choose whether your posts and replies
        stay. Your username cannot be registered again.
      </Text>
      <Button color="red" variant="light" onClick={() => setOpen(true)}>
        Delete my account
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="Delete your account?" size="lg">
        {open && <DeleteAccountForm onCancel={() => setOpen(false)} />}
      </Modal>
    </Paper>
  );
}

function DeleteAccountForm({ onCancel }: { onCancel: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const twoStep = useQuery(trpc.twoStep.status.queryOptions());
  const [content, setContent] = useState<Choice>("keep");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const remove = useToastedMutation(trpc.account.delete.mutationOptions(), {
    success: { title: "Account deleted", message: ACCOUNT_DELETION_MESSAGES.deleted },
    // The server's reason (wrong password, code, last admin) stays in the dialog beside the fields.
    failure: (error) => {
      setProblem(error.message || "Your account could not be deleted");
      return undefined;
    },
    onSuccess: () => {
      queryClient.removeQueries();
      navigate("/");
    },
  });
  const needsCode = twoStep.data?.enabled === true;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setProblem(ACCOUNT_DELETION_MESSAGES.passwordRequired);
    if (needsCode && !code.trim()) return setProblem(ACCOUNT_DELETION_MESSAGES.codeRequired);
    setProblem(null);
    remove.mutate({ password, content, ...(needsCode ? { code: code.trim() } : {}) });
  };
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <DeletedContentChoice value={content} onChange={setContent} whose="you" />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          data-autofocus
        />
        {needsCode && (
          <TextInput
            label="Two-step code"
            description="The 6-digit code from your authenticator app, or a recovery code"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
          />
        )}
        {problem && (
          <Alert color="red" variant="light" role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button type="submit" color="red" disabled={remove.isPending || twoStep.isPending}>
            {remove.isPending
              ? "Deleting..."
              : content === "keep"
                ? "Delete my account"
                : "Delete my account and posts"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
