// The "Search discussions..." box: Enter opens /search?q=… (a new history entry, so Back returns).
// It is a GET form to /search: before the app is live (or without JavaScript) the browser sends it.
// In the header on wide screens, in the slide-over menu on phones; on the search page it shows
// the query being looked at.
import { Box, TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { useTypedBeforeHydration } from "../../lib/typedBeforeHydration";

type Props = { visibleFrom?: "md"; hiddenFrom?: "md"; onSearched?: () => void };

export function HeaderSearch({ visibleFrom, hiddenFrom, onSearched }: Props) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const current = pathname === "/search" ? (params.get("q") ?? "") : "";
  const [value, setValue] = useState(current);
  useEffect(() => setValue(current), [current]);
  const formRef = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(formRef, { q: current }, (typed) => setValue(typed.q ?? ""));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = value.trim();
    if (!q) return;
    navigate(`/search?q=${encodeURIComponent(q)}`);
    onSearched?.();
  };

  return (
    <Box
      component="form"
      ref={formRef}
      role="search"
      action="/search"
      method="get"
      onSubmit={submit}
      visibleFrom={visibleFrom}
      hiddenFrom={hiddenFrom}
      style={visibleFrom ? { flex: 1, maxWidth: 420 } : undefined}
    >
      <TextInput
        type="search"
        name="q"
        placeholder="Search discussions..."
        aria-label="Search discussions"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={value}
        onChange={(event) => setValue(event.currentTarget.value)}
        enterKeyHint="search"
      />
    </Box>
  );
}
