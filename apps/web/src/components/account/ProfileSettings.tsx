// The Profile tab: avatar and the profile fields, saved through users.update. A field that is
// wrong (a Website that is not a web address, a taken email) says so under the field, with the
// server's own rule, not in a toast.
import { type CurrentUser, MESSAGES, updateProfileInput } from "@forum/contracts";
import { Button, Group, Paper, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toastSuccess } from "../../lib/toast";
import { httpStatusOf, useTRPC } from "../../lib/trpc";
import { useApiError } from "../../lib/useApiError";
import { useTextForm } from "../../lib/useTextForm";
import { AvatarSettings } from "./AvatarSettings";

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

/** The field a server's 400 message is about ("Website must be...", "Bio must be at most..."). */
const MESSAGE_FIELDS: [RegExp, keyof ProfileFields][] = [
  [/^First name /, "firstName"],
  [/^Last name /, "lastName"],
  [/email/i, "email"],
  [/^Bio /, "bio"],
  [/^Website /, "website"],
  [/^Location /, "location"],
];
function fieldOfMessage(error: unknown): keyof ProfileFields | undefined {
  if (httpStatusOf(error) !== 400 || !(error instanceof Error)) return undefined;
  return MESSAGE_FIELDS.find(([pattern]) => pattern.test(error.message))?.[1];
}

export function ProfileSettings({ user }: { user: CurrentUser }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const onError = useApiError();
  const { form, setForm, field } = useTextForm(() => fieldsOf(user));
  const [errors, setErrors] = useState<Partial<Record<keyof ProfileFields, string>>>({});
  /** A field with its error; typing in it clears the error. */
  const checkedField = (name: keyof ProfileFields) => {
    const base = field(name);
    return {
      ...base,
      error: errors[name],
      onChange: (event: Parameters<typeof base.onChange>[0]) => {
        base.onChange(event);
        setErrors((current) => ({ ...current, [name]: undefined }));
      },
    };
  };
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
      onError: (error) => {
        const field = httpStatusOf(error) === 409 ? "email" : fieldOfMessage(error);
        if (field) setErrors({ [field]: httpStatusOf(error) === 409 ? MESSAGES.emailTaken : error.message });
        else onError(error, { title: "Update Failed", message: "Failed to update profile. Please try again." });
      },
    }),
  );

  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const checked = updateProfileInput.safeParse({ id: user.id, ...form });
          if (!checked.success) {
            const found: Partial<Record<keyof ProfileFields, string>> = {};
            for (const issue of checked.error.issues) {
              const name = issue.path[0] as keyof ProfileFields;
              found[name] ??= issue.message;
            }
            setErrors(found);
            return;
          }
          setErrors({});
          update.mutate({ id: user.id, ...form });
        }}
      >
        <Stack gap="md">
          <AvatarSettings user={user} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label="First Name" autoComplete="given-name" {...checkedField("firstName")} />
            <TextInput label="Last Name" autoComplete="family-name" {...checkedField("lastName")} />
          </SimpleGrid>
          <TextInput label="Email Address" type="email" autoComplete="email" {...checkedField("email")} />
          <Textarea label="Bio" autosize minRows={3} maxRows={8} {...checkedField("bio")} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Website"
              type="url"
              placeholder="https://example.com"
              autoComplete="url"
              {...checkedField("website")}
            />
            <TextInput label="Location" placeholder="City, Country" {...checkedField("location")} />
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
