// The forum's name, one-line description and contact address, saved together with the button.
// The server checks them again (lengths, one line, an email or web address) and answers the
// saved identity, which then shows at once in this tab's header and titles.
import { SITE_CONTACT_MAX, SITE_DESCRIPTION_MAX, SITE_NAME_MAX, type Site, type SiteChange } from "@forum/contracts";
import { Alert, Button, Group, Paper, Stack, TextInput, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTRPC } from "../../lib/trpc";
import { useToastedMutation } from "../../lib/useToastedMutation";

type Draft = { name: string; description: string; contact: string };

const draftOf = (site: Site): Draft => ({
  name: site.name,
  description: site.description,
  contact: site.contact ?? "",
});

export function SiteIdentityCard({ site }: { site: Site }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => draftOf(site));
  useEffect(() => setDraft(draftOf(site)), [site]);
  const save = useToastedMutation(trpc.site.update.mutationOptions(), {
    success: "Site settings saved",
    failure: "Failed to save the site settings",
    onSuccess: (saved) => queryClient.setQueryData(trpc.site.get.queryKey(), saved),
  });
  const change: SiteChange = { name: draft.name, description: draft.description, contact: draft.contact };
  const field = (key: keyof Draft) => ({
    value: draft[key],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => setDraft({ ...draft, [key]: event.currentTarget.value }),
  });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="site-identity-title">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(change);
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h3" id="site-identity-title">
            Name and description
          </Title>
          <TextInput
            label="Forum name"
            description="In the header, at the end of every tab title, in link previews and in every email's subject"
            required
            maxLength={SITE_NAME_MAX}
            {...field("name")}
          />
          <TextInput
            label="Description"
            description="One line: what search engines and link previews show for the home page"
            required
            maxLength={SITE_DESCRIPTION_MAX}
            {...field("description")}
          />
          <TextInput
            label="Contact"
            description="An email address or a web address (https://…) where people can reach the forum's team; leave empty for none"
            maxLength={SITE_CONTACT_MAX}
            {...field("contact")}
          />
          {save.error && (
            <Alert color="red" role="alert">
              {save.error.message}
            </Alert>
          )}
          <Group>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? "Saving..." : "Save"}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
