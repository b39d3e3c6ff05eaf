// The Profile tab: avatar and the profile fields, saved through users.update. A new email waits
// for its confirmation (PendingEmailNotice) and the field keeps showing the current address. A field that is
// wrong (a Website that is not a web address, a taken email) says so under the field, with the
// server's own rule, not in a toast.
import { type CurrentUser, MESSAGES, updateProfileInput } from "@forum/contracts";
import { Button, Group, Paper, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { httpStatusOf, useTRPC } from "../../lib/trpc";
import { useSchemaForm } from "../../lib/useSchemaForm";
import { useToastedMutation } from "../../lib/useToastedMutation";
import { AvatarSettings } from "./AvatarSettings";
import { PendingEmailNotice } from "./PendingEmailNotice";

const fieldsOf = (user: CurrentUser) => ({
  id: user.id,
  firstName: user.firstName ?? "",
  lastName: user.lastName ?? "",
  email: user.email,
  bio: user.bio ?? "",
  website: user.website ?? "",
  location: user.location ?? "",
});
type ProfileField = Exclude<keyof ReturnType<typeof fieldsOf>, "id">;

/** The field a server's 400 message is about ("Website must be...", "Bio must be at most..."). */
const MESSAGE_FIELDS: [RegExp, ProfileField][] = [
  [/^First name /, "firstName"],
  [/^Last name /, "lastName"],
  [/email/i, "email"],
  [/^Bio /, "bio"],
  [/^Website /, "website"],
  [/^Location /, "location"],
];
function fieldOfMessage(error: unknown): ProfileField | undefined {
  if (httpStatusOf(error) !== 400 || !(error instanceof Error)) return undefined;
  return MESSAGE_FIELDS.find(([pattern]) => pattern.test(error.message))?.[1];
}

export function ProfileSettings({ user }: { user: CurrentUser }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // The same schema as the server's: a wrong field is named under it before anything is sent.
  const { form, field, onSubmit } = useSchemaForm({ initialValues: fieldsOf(user), schema: updateProfileInput });
  const update = useToastedMutation(trpc.users.update.mutationOptions(), {
    // A new email is not the account's yet: the toast says where its link went.
    success: (updated) =>
      updated.pendingEmail !== null && updated.pendingEmail !== user.pendingEmail
        ? { title: "Profile Updated", message: MESSAGES.emailChangePending(updated.pendingEmail) }
        : { title: "Profile Updated", message: "Your profile has been successfully updated." },
    // What only the server knows (a taken email) also goes under its field.
    failure: (error) => {
      if (httpStatusOf(error) === 409) form.setFieldError("email", MESSAGES.emailTaken);
      else {
        const name = fieldOfMessage(error);
        if (!name) return { title: "Update Failed", message: "Failed to update profile. Please try again." };
        form.setFieldError(name, error.message);
      }
      return undefined;
    },
    onSuccess: (updated) => {
      queryClient.setQueryData(trpc.auth.me.queryKey(), updated);
      form.setValues(fieldsOf(updated));
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.users.pathKey() }),
      ]);
    },
  });

  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }}>
      <form noValidate onSubmit={onSubmit((profile) => update.mutate(profile))}>
        <Stack gap="md">
          <AvatarSettings user={user} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label="First Name" autoComplete="given-name" {...field("firstName")} />
            <TextInput label="Last Name" autoComplete="family-name" {...field("lastName")} />
          </SimpleGrid>
          <TextInput label="Email Address" type="email" autoComplete="email" {...field("email")} />
          <PendingEmailNotice user={user} />
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
