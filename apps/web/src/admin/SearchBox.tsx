// The search field of the admin lists: filters on the client as the admin types.
import { CloseButton, TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";

type SearchBoxProps = { label: string; placeholder: string; value: string; onChange: (value: string) => void };

export function SearchBox({ label, placeholder, value, onChange }: SearchBoxProps) {
  return (
    <TextInput
      aria-label={label}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={value ? <CloseButton size="sm" aria-label="Clear search" onClick={() => onChange("")} /> : null}
      style={{ flex: 1, minWidth: 240 }}
    />
  );
}
