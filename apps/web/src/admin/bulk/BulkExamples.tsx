// Links to the example spreadsheets the server writes from the importer's column definitions.
import { BULK_UPLOAD_TYPES } from "@forum/contracts";
import { Anchor, Group, Stack, Text } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { exampleFileUrl } from "./bulkTypes";

export function BulkExamples() {
  return (
    <div>
      <Text fw={600} size="sm" mb={4}>
        Example files
      </Text>
      <Stack gap={4}>
        {BULK_UPLOAD_TYPES.map((type) => (
          <Anchor key={type} href={exampleFileUrl(type)} download size="sm">
            <Group gap={6} wrap="nowrap" component="span">
              <IconDownload size={16} aria-hidden />
              <span>example_{type}.xlsx</span>
            </Group>
          </Anchor>
        ))}
      </Stack>
    </div>
  );
}
