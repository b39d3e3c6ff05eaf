// List or grid: two pressed-state buttons, the choice kept in the URL by the caller.
import { ActionIcon } from "@mantine/core";
import { IconLayoutGrid, IconList } from "@tabler/icons-react";

export type FeedLayout = "list" | "grid";

const OPTIONS = [
  { value: "list", label: "List view", Icon: IconList },
  { value: "grid", label: "Grid view", Icon: IconLayoutGrid },
] as const;

export function ViewToggle({ value, onChange }: { value: FeedLayout; onChange: (value: FeedLayout) => void }) {
  return (
    <ActionIcon.Group aria-label="Layout">
      {OPTIONS.map(({ value: option, label, Icon }) => (
        <ActionIcon
          key={option}
          size="lg"
          variant={value === option ? "filled" : "default"}
          aria-label={label}
          aria-pressed={value === option}
          title={label}
          onClick={() => onChange(option)}
        >
          <Icon size={18} aria-hidden />
        </ActionIcon>
      ))}
    </ActionIcon.Group>
  );
}
