// The Profile tab: avatar and the profile fields, saved through users.update.
import type { CurrentUser } from "@forum/contracts";
import { Button, Group, Paper, SimpleGrid, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toastSuccess } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";
import { useApiError } from "../../lib/useApiError";
import { useTextForm } from "../../lib/useTextForm";
import { UserAvatar } from "../UserAvatar";

type ProfileFields = {
  firstName: string;
  lastName: string;
  email: string;
  bio: string;
  website: string;
  location: string;
};

const fieldsOf = (user: CurrentUser): ProfileFields => ({
  firstName: user.firstName ?? "",
  lastName: user.lastName ?? "",
  email: user.email,
  bio: user.bio ?? "",
  website: user.website ?? "",
  location: user.location ?? "",
});

export function ProfileSettings({ user }: { user: CurrentUser }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const onError = useApiError();
  const { form, setForm, field } = useTextForm(() => fieldsOf(user));
  const update = useMutation(
    trpc.users.update.mutationOptions({
      onSuccess: async (updated) => {
        queryClient.setQueryData(trpc.auth.me.queryKey(), updated);
        setForm(fieldsOf(updated));
        toastSuccess("Profile Updated", "Your profile has been successfully updated.");
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.users.pathKey() }),
        ]);
      },
      onError: (error) =>
        onError(error, { title: "Update Failed", message: "Failed to update profile. Please try again." }),
    }),
  );

  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          update.mutate({ id: user.id, ...form });
        }}
      >
        <Stack gap="md">
          <Group gap="md" wrap="nowrap" align="center">
            <UserAvatar user={user} size="xl" />
            <Stack gap={4}>
              {/* No upload service exists yet, so the button says so instead of pretending. */}
              <Button variant="default" size="sm" disabled w="fit-content">
                Change Avatar
              </Button>
              <Text size="xs" c="dimmed">
                JPG, PNG, or GIF (max 2MB)
              </Text>
              <Text size="xs" c="dimmed">
                Avatar uploads are not available yet.
              </Text>
            </Stack>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label="First Name" autoComplete="given-name" {...field("firstName")} />
            <TextInput label="Last Name" autoComplete="family-name" {...field("lastName")} />
          </SimpleGrid>
          <TextInput label="Email Address" type="email" autoComplete="email" {...field("email")} />
          <Textarea label="Bio" autosize minRows={3} maxRows={8} {...field("bio")} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Website"
              type="url"
              placeholder="https://example.com"
              autoComplete="url"
              {...field("website")}
            />
            <TextInput label="Location" placeholder="City, Country" {...field("location")} />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? "Saving..." : "Save Changes"}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
