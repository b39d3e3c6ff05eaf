// The staff log's filters: staff member, action, and what was acted on (a kind, and an id).
import { STAFF_ACTION_LABELS, STAFF_ACTIONS, STAFF_TARGET_TYPES } from "@forum/contracts";
import { Button, Group, NumberInput, Select } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../lib/trpc";
import { isFiltered, type StaffLogFilter } from "./staffLogFilter";

const ANY = "";
const TARGET_LABELS = {
  member: "Members",
  post: "Posts",
  reply: "Replies",
  category: "Categories",
  ad: "Ads",
  webhook: "Webhooks",
  settings: "Settings",
  import: "Imports",
  export: "Exports",
  backup: "Backups",
} as const;

type Props = { filter: StaffLogFilter; onChange: (filter: StaffLogFilter) => void };

export function StaffLogFilters({ filter, onChange }: Props) {
  const trpc = useTRPC();
  const actors = useQuery(trpc.staffLog.actors.queryOptions());
  const width = { base: "100%", xs: 200 };
  return (
    <Group gap="sm" wrap="wrap" align="flex-end" mb="md">
      <Select
        label="Staff member"
        data={[
          { value: ANY, label: "Everyone" },
          ...(actors.data ?? []).map((actor) => ({ value: String(actor.id), label: actor.username })),
        ]}
        value={filter.actorId === null ? ANY : String(filter.actorId)}
        onChange={(value) => onChange({ ...filter, actorId: value ? Number(value) : null })}
        allowDeselect={false}
        searchable
        w={width}
      />
      <Select
        label="Action"
        data={[
          { value: ANY, label: "Any action" },
          ...STAFF_ACTIONS.map((action) => ({ value: action, label: STAFF_ACTION_LABELS[action] })),
        ]}
        value={filter.action ?? ANY}
        onChange={(value) => onChange({ ...filter, action: (value || null) as StaffLogFilter["action"] })}
        allowDeselect={false}
        searchable
        w={width}
      />
      <Select
        label="Target"
        data={[
          { value: ANY, label: "Anything" },
          ...STAFF_TARGET_TYPES.map((type) => ({ value: type, label: TARGET_LABELS[type] })),
        ]}
        value={filter.targetType ?? ANY}
        onChange={(value) =>
          onChange({
            ...filter,
            targetType: (value || null) as StaffLogFilter["targetType"],
            targetId: value ? filter.targetId : null,
          })
        }
        allowDeselect={false}
        w={width}
      />
      <NumberInput
        label="Target id"
        value={filter.targetId ?? ""}
        onChange={(value) => onChange({ ...filter, targetId: typeof value === "number" && value > 0 ? value : null })}
        disabled={filter.targetType === null}
        min={1}
        allowDecimal={false}
        allowNegative={false}
        w={{ base: "100%", xs: 120 }}
      />
      {isFiltered(filter) && (
        <Button
          variant="subtle"
          onClick={() => onChange({ actorId: null, action: null, targetType: null, targetId: null })}
        >
          Clear filters
        </Button>
      )}
    </Group>
  );
}
