// When the weekly digest goes out: a weekday and an hour in the forum's time zone (FORUM_TIME_ZONE,
// shown, not chosen here: it is the server's setting). Saved with the button, not per change, so
// picking a day and then an hour is one change.
import { type DigestSchedule, WEEKDAYS } from "@forum/contracts";
import { Button, Group, Paper, Select, Stack, Text, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTRPC } from "../../lib/trpc";
import { useToastedMutation } from "../../lib/useToastedMutation";

const DAYS = WEEKDAYS.map((day, index) => ({ value: String(index + 1), label: day }));
const HOURS = Array.from({ length: 24 }, (_, hour) => ({
  value: String(hour),
  label: `${String(hour).padStart(2, "0")}:00`,
}));

export function DigestScheduleCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const stored = useQuery(trpc.mail.digestSchedule.queryOptions());
  const [draft, setDraft] = useState<DigestSchedule | null>(null);
  useEffect(() => {
    if (stored.data) setDraft({ digestWeekday: stored.data.digestWeekday, digestHour: stored.data.digestHour });
  }, [stored.data]);
  const save = useToastedMutation(trpc.mail.updateDigestSchedule.mutationOptions(), {
    success: "Weekly digest schedule saved",
    failure: "Failed to save the weekly digest schedule",
    onSuccess: (saved) => queryClient.setQueryData(trpc.mail.digestSchedule.queryKey(), saved),
  });
  if (!stored.data || !draft) return null;
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h5">
          Weekly digest
        </Title>
        <Text size="sm" c="dimmed">
          {`Members who turned Weekly Digest on get the week's most active discussions at this time (${stored.data.timeZone}, the forum's time zone).`}
        </Text>
        <Group align="flex-end" gap="sm">
          <Select
            label="Day"
            data={DAYS}
            value={String(draft.digestWeekday)}
            allowDeselect={false}
            onChange={(value) => value && setDraft({ ...draft, digestWeekday: Number(value) })}
          />
          <Select
            label="Hour"
            data={HOURS}
            value={String(draft.digestHour)}
            allowDeselect={false}
            onChange={(value) => value && setDraft({ ...draft, digestHour: Number(value) })}
          />
          <Button onClick={() => save.mutate(draft)} disabled={save.isPending}>
            {save.isPending ? "Saving..." : "Save schedule"}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
