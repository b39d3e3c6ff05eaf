// A sort or range choice kept in the URL (?name=value), so it survives a reload and each choice
// has an address of its own (a link that works before the app is live, and without it).
import { Button, Group, NativeSelect } from "@mantine/core";
import { useEffect, useRef } from "react";
import { useLocation, useSearchParams } from "react-router";
import { PAGES_PARAM } from "../../lib/paging";

export type Choice<T extends string> = { value: T; label: string };

export function useUrlChoice<T extends string>(name: string, choices: readonly Choice<T>[], fallback: T) {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const raw = params.get(name);
  const value = (choices.find((choice) => choice.value === raw)?.value ?? fallback) as T;
  const paramsWith = (current: URLSearchParams, next: T) => {
    const updated = new URLSearchParams(current);
    // Another choice starts its list again from one page.
    updated.delete(PAGES_PARAM);
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

/**
 * A drop-down choice (the feed and category sorts, the search's category): the browser's own
 * select, in a form that asks for this page with the choice (`name`) and the other parameters
 * kept. Before the app is live a choice submits the form (lib/earlyTaps.ts), without JavaScript
 * the Apply button does; live, a choice is made in place. The phone's own picker, and no list
 * code to load (Mantine's Select brought 20 KB gzip to every page that showed one).
 *
 * The select is uncontrolled: a choice made while the page was still the server's is kept. A
 * controlled one had React write the URL's value back into it as the app went live inside the
 * choice's own input event, so the change that followed carried the old value and the choice was
 * lost (flows.spec 5b, one run in six). The address's value is written into it only when it
 * changes later (Back, a link) or the choices arrive.
 */
export function ChoiceSelect<T extends string>(props: {
  label: string;
  name: string;
  choices: readonly Choice<T>[];
  value: T;
  onChange: (value: T) => void;
}) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const kept = [...params].filter(([key]) => key !== props.name && key !== PAGES_PARAM);
  const select = useRef<HTMLSelectElement>(null);
  const mounted = useRef(false);
  const choiceCount = props.choices.length;
  // Also when the choices arrive (the search's categories).
  useEffect(() => {
    if (!mounted.current) {
      mounted.current = true;
      return;
    }
    if (select.current && select.current.value !== props.value) select.current.value = props.value;
  }, [props.value, choiceCount]);
  return (
    <form method="get" action={pathname} data-submit-on-change onSubmit={(event) => event.preventDefault()}>
      {kept.map(([key, value], index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a parameter may repeat; the order is the URL's
        <input key={index} type="hidden" name={key} value={value} />
      ))}
      <Group gap="xs" wrap="nowrap">
        <NativeSelect
          aria-label={props.label}
          name={props.name}
          data={props.choices.map((choice) => ({ value: choice.value, label: choice.label }))}
          ref={select}
          defaultValue={props.value}
          onChange={(event) => props.onChange(event.currentTarget.value as T)}
          w={CHOICE_SELECT_WIDTH}
        />
        <noscript>
          <Button type="submit" variant="default">
            Apply
          </Button>
        </noscript>
      </Group>
    </form>
  );
}
