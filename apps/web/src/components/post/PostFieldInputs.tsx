// A post's editable fields as inputs, for both the "Create New Post" and the "Edit Post" dialogs:
// title, category, the optional text fields (the excerpt), content and, for admins, the featured
// switch (PostForm).
import { OPTIONAL_POST_TEXT, OPTIONAL_POST_TEXT_FIELDS, type PostForm } from "@forum/contracts";
import { Switch, Textarea, TextInput } from "@mantine/core";
import { useCurrentUser } from "../../auth/useCurrentUser";
import type { useSchemaForm } from "../../lib/useSchemaForm";
import { MarkdownEditor } from "../composer/MarkdownEditor";
import { CategorySelect } from "../create-post/CategorySelect";

type Field = ReturnType<typeof useSchemaForm<PostForm, unknown>>["field"];

export function PostFieldInputs({ field, placeholders }: { field: Field; placeholders?: true }) {
  const { isAdmin } = useCurrentUser();
  return (
    <>
      <TextInput
        label="Title"
        placeholder={placeholders && "What do you want to discuss?"}
        withAsterisk
        {...field("title")}
        data-autofocus
      />
      <CategorySelect withAsterisk {...field("categoryId")} />
      {OPTIONAL_POST_TEXT_FIELDS.map((name) => (
        <Textarea
          key={name}
          label={OPTIONAL_POST_TEXT[name].label}
          placeholder={OPTIONAL_POST_TEXT[name].placeholder}
          rows={2}
          {...field(name)}
        />
      ))}
      <MarkdownEditor
        label="Content"
        placeholder={placeholders && "Share your thoughts, code or questions..."}
        withAsterisk
        rows={8}
        {...field("content")}
      />
      {isAdmin && <Switch label="Featured Post" {...field("featured", { type: "checkbox" })} />}
    </>
  );
}
