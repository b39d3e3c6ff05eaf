// The column set of the chosen upload type, from the importer's own definitions.
import type { BulkUploadType } from "@forum/contracts";
import { Badge, Code, Skeleton, Stack, Table, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../lib/trpc";

export function BulkColumns({ type }: { type: BulkUploadType }) {
  const trpc = useTRPC();
  const columns = useQuery({ ...trpc.bulk.columns.queryOptions(), staleTime: Number.POSITIVE_INFINITY });
  const list = columns.data?.[type];

  return (
    <>
      {columns.isPending ? (
        <Stack gap={6} aria-busy="true" aria-label="Loading columns">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} height={20} />
          ))}
        </Stack>
      ) : !list ? (
        <Text size="sm" c="dimmed">
          The column list could not be loaded; the example file shows the columns.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={300}>
          <Table verticalSpacing={6} aria-label={`Columns for ${type}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Column</Table.Th>
                <Table.Th>Holds</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((column) => (
                <Table.Tr key={column.name}>
                  <Table.Td>
                    <Code>{column.name}</Code>
                    {column.required && (
                      <Badge size="xs" color="red" variant="light" ml={6}>
                        required
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{column.type}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}
