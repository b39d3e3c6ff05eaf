// A sort or range choice kept in the URL (?name=value), so it survives a reload and each choice
// has an address of its own (a link that works before the app is live, and without it).
import { useLocation, useSearchParams } from "react-router";
import { SelectPreview } from "../select/SelectPreview";
import { useSelectOnDemand } from "../select/useSelectOnDemand";

export type Choice<T extends string> = { value: T; label: string };

export function useUrlChoice<T extends string>(name: string, choices: readonly Choice<T>[], fallback: T) {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const raw = params.get(name);
  const value = (choices.find((choice) => choice.value === raw)?.value ?? fallback) as T;
  const paramsWith = (current: URLSearchParams, next: T) => {
    const updated = new URLSearchParams(current);
    if (next === fallback) updated.delete(name);
    else updated.set(name, next);
    return updated;
  };
  const setValue = (next: T) => setParams((current) => paramsWith(current, next), { replace: true });
  /** The address of this page with `next` chosen. */
  const hrefOf = (next: T) => {
    const query = paramsWith(params, next).toString();
    return query ? `${pathname}?${query}` : pathname;
  };
  return [value, setValue, hrefOf] as const;
}

const CHOICE_SELECT_WIDTH = 170;

/** A drop-down choice, for long lists or long labels (the category page's sorts). */
export function ChoiceSelect<T extends string>(props: {
  label: string;
  choices: readonly Choice<T>[];
  value: T;
  onChange: (value: T) => void;
}) {
  // The list opens rarely: the real Select loads on the first sign of use (see useSelectOnDemand).
  const { Select, previewRef, selectRef, onIntent } = useSelectOnDemand();
  if (!Select) {
    const valueLabel = props.choices.find((choice) => choice.value === props.value)?.label ?? "";
    return (
      <SelectPreview
        label={props.label}
        valueLabel={valueLabel}
        width={CHOICE_SELECT_WIDTH}
        inputRef={previewRef}
        onIntent={onIntent}
      />
    );
  }
  return (
    <Select
      ref={selectRef}
      aria-label={props.label}
      data={props.choices.map((choice) => ({ value: choice.value, label: choice.label }))}
      value={props.value}
      onChange={(value) => value && props.onChange(value as T)}
      allowDeselect={false}
      w={CHOICE_SELECT_WIDTH}
    />
  );
}
