// The forum's logo, shown in the header beside its name: picked, checked by the avatar's rule
// (size and first bytes; the server checks again) and uploaded at once; or removed.
import { AVATAR_ACCEPT, AVATAR_HINT, type Site } from "@forum/contracts";
import { Alert, Button, FileButton, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { uploadProblemOf } from "../../components/account/useAvatarChange";
import { FailedAnswer, sendForm } from "../../lib/sendForm";
import { useTRPC } from "../../lib/trpc";
import { useToastedMutation } from "../../lib/useToastedMutation";

const LOGO_UPLOAD_URL = "/api/site/logo";

export function SiteLogoCard({ site }: { site: Site }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const saved = (answer: Site) => {
    setProblem(null);
    queryClient.setQueryData(trpc.site.get.queryKey(), answer);
  };
  const upload = useToastedMutation(
    {
      mutationFn: async (file: File) => {
        const form = new FormData();
        form.append("logo", file, file.name);
        const answer = await sendForm(LOGO_UPLOAD_URL, form).answer;
        if (answer.status !== 200) throw new FailedAnswer(answer);
        return answer.body as Site;
      },
    },
    {
      success: "Logo saved",
      failure: (error) => {
        if (error instanceof FailedAnswer) setProblem(error.message);
        return "Failed to upload the logo";
      },
      onSuccess: saved,
    },
  );
  const removal = useToastedMutation(trpc.site.removeLogo.mutationOptions(), {
    success: "Logo removed",
    failure: "Failed to remove the logo",
    onSuccess: saved,
  });
  const pick = async (file: File | null) => {
    if (!file) return;
    const found = await uploadProblemOf(file);
    if (found) setProblem(found);
    else upload.mutate(file);
  };
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="site-logo-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="site-logo-title">
          Logo
        </Title>
        <Text size="sm" c="dimmed">
          {`Shown in the header beside the forum's name. ${AVATAR_HINT}; stored as WebP, at most 256 px a side.`}
        </Text>
        {site.logoUrl ? (
          <img
            src={site.logoUrl}
            alt="The forum's logo"
            style={{ maxHeight: 64, width: "auto", alignSelf: "flex-start" }}
          />
        ) : (
          <Text size="sm">No logo: the header shows the name alone.</Text>
        )}
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Group gap="sm">
          <FileButton
            onChange={(file) => void pick(file)}
            accept={AVATAR_ACCEPT}
            inputProps={{ "aria-label": "Logo picture" }}
          >
            {(props) => (
              <Button {...props} loading={upload.isPending}>
                {site.logoUrl ? "Change logo" : "Upload logo"}
              </Button>
            )}
          </FileButton>
          {site.logoUrl && (
            <Button variant="default" color="red" onClick={() => removal.mutate()} loading={removal.isPending}>
              Remove logo
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
