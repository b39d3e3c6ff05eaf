// A form's text fields kept in one object: `field(name)` gives an input its value and its
// change handler, so each form lists its inputs and nothing else.
import { type ChangeEvent, useState } from "react";

export function useTextForm<T extends Record<string, string>>(initial: T | (() => T)) {
  const [form, setForm] = useState(initial);
  const field = (name: keyof T) => ({
    value: form[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const value = event.currentTarget.value;
      setForm((current) => ({ ...current, [name]: value }));
    },
  });
  return { form, setForm, field };
}
