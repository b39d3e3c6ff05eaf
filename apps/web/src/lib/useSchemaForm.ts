// A form checked by a contracts schema, the one the server validates the same call with, through
// @mantine/form: a rule and its message live once, in packages/contracts.
//
// A message the spec gives for the whole form ("Please fill in all required fields", "Passwords
// do not match") shows once, as a toast under the spec's title (or where the form places it),
// and its fields are only marked; any other message ("Website must be a web address...") shows
// under its field. Typing in a field clears its message.
import { useForm } from "@mantine/form";
import { toastError } from "./toast";

type Issue = { readonly path: readonly PropertyKey[]; readonly message: string };

/** What the form needs of a zod schema: its safeParse (a local resolver, no extra package). */
export type FormSchema<Out> = {
  safeParse(values: unknown): { success: true; data: Out } | { success: false; error: { issues: readonly Issue[] } };
};

/** What a schema gives on success (a form that picks one of two schemas names both outputs). */
export type OutputOf<Schema> = Schema extends FormSchema<infer Out> ? Out : never;

/** Each field's first message, keyed by its path ("title", "confirmPassword"). */
function fieldErrors(issues: readonly Issue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issue.path.map(String).join(".")] ??= issue.message;
  return errors;
}

/** The problems of some values, by field; empty when the schema accepts them. */
export function problemsOf(schema: FormSchema<unknown>, values: unknown): Record<string, string> {
  const checked = schema.safeParse(values);
  return checked.success ? {} : fieldErrors(checked.error.issues);
}

/** What @mantine/form gives an input, with its value typed by the field it shows. */
type InputProps = ReturnType<ReturnType<typeof useForm>["getInputProps"]>;

type Options<Values, Out> = {
  initialValues: Values;
  schema: FormSchema<Out>;
  /** The form-wide messages and their toast titles; null when the form shows the message itself. */
  formMessages?: Record<string, string | null>;
  /** Check a field when it loses focus, not only on submit. */
  validateInputOnBlur?: boolean;
};

export function useSchemaForm<Values extends Record<string, unknown>, Out>({
  initialValues,
  schema,
  formMessages = {},
  validateInputOnBlur = false,
}: Options<Values, Out>) {
  const form = useForm<Values>({
    mode: "controlled",
    initialValues,
    validate: (values) => problemsOf(schema, values),
    validateInputOnBlur,
  });
  const isFormMessage = (message: unknown): message is string =>
    typeof message === "string" && Object.hasOwn(formMessages, message);

  /** An input's value, change handler and error; a form-wide message only marks it. */
  function field<Path extends keyof Values & string>(path: Path): InputProps & { value: Values[Path] };
  function field(path: keyof Values & string, options: { type: "checkbox" }): InputProps & { checked: boolean };
  function field(path: keyof Values & string, options?: { type: "checkbox" }): InputProps {
    const props = form.getInputProps(path, options);
    return isFormMessage(props.error) ? { ...props, error: true } : props;
  }

  /** The form's submit handler: `send` gets the schema's output (trimmed, typed, ready to send). */
  const onSubmit = (send: (parsed: Out) => void) =>
    form.onSubmit(
      (values) => {
        const checked = schema.safeParse(values);
        if (checked.success) send(checked.data);
      },
      (errors) => {
        const message = Object.values(errors).find(isFormMessage);
        const title = message && formMessages[message];
        if (title) toastError(title, message);
      },
    );

  /** The form-wide message among the fields' current errors, for a form that shows it itself. */
  const formMessage = Object.values(form.errors).find(isFormMessage);
  return { form, field, onSubmit, formMessage };
}
