// The rows a refused import lists: nothing was written, each problem says where and what.
import { Group, Paper, Table, Text, Title } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { plural } from "../../lib/format";
import type { ProblemReport } from "./uploadResult";

export function BulkProblemsTable({ report }: { report: ProblemReport }) {
  const shown = report.problems.length;
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-labelledby="bulk-problems-title"
      style={{ borderColor: "var(--mantine-color-red-6)" }}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start" mb={4}>
        <IconAlertTriangle size={20} color="var(--mantine-color-red-6)" aria-hidden style={{ flexShrink: 0 }} />
        <Title order={2} size="h5" c="red.7" id="bulk-problems-title">
          {report.message || "The file has problems; nothing was imported"}
        </Title>
      </Group>
      <Text size="sm" mb="sm">
        {plural(report.total, "problem", "problems")} found
        {shown < report.total ? ` (the first ${shown} are listed)` : ""}. Fix them in the file and upload it again.
      </Text>
      <Table.ScrollContainer minWidth={280} maxHeight={480} type="native">
        <Table striped withTableBorder stickyHeader aria-label="Problems in the file">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={56}>Row</Table.Th>
              <Table.Th w={100}>Column</Table.Th>
              <Table.Th>Problem</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.problems.map((problem) => (
              <Table.Tr key={problem.key}>
                <Table.Td>{problem.row}</Table.Td>
                <Table.Td style={{ overflowWrap: "anywhere" }}>{problem.column}</Table.Td>
                <Table.Td style={{ overflowWrap: "anywhere" }}>{problem.message}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
