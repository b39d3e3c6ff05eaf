// The "Search discussions..." box: Enter opens /search?q=… (a new history entry, so Back returns).
// In the header on wide screens, in the slide-over menu on phones; on the search page it shows
// the query being looked at.
import { Box, TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { type FormEvent, useEffect, useState } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";

type Props = { visibleFrom?: "md"; hiddenFrom?: "md"; onSearched?: () => void };

export function HeaderSearch({ visibleFrom, hiddenFrom, onSearched }: Props) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const current = pathname === "/search" ? (params.get("q") ?? "") : "";
  const [value, setValue] = useState(current);
  useEffect(() => setValue(current), [current]);

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
      role="search"
      onSubmit={submit}
      visibleFrom={visibleFrom}
      hiddenFrom={hiddenFrom}
      style={visibleFrom ? { flex: 1, maxWidth: 420 } : undefined}
    >
      <TextInput
        type="search"
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
