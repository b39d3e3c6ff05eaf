// Every advertisement, active or not, with its counters and click-through rate. Content is
// previewed as text: an HTML ad's markup shows as written, it never runs here.
import type { AdView } from "@forum/contracts";
import { Badge, Group, Stack, Table, Text, VisuallyHidden } from "@mantine/core";
import { PhoneCard, usePhoneLayout } from "../PhoneCard";
import { AdActiveSwitch } from "./AdActiveSwitch";
import { AdRowActions } from "./AdRowActions";
import { clickThroughRate, contentPreview } from "./adNumbers";

const COLUMNS = ["Advertisement", "Type", "Placement", "Dimensions", "Active"];
const COUNTERS = ["Impressions", "Clicks", "CTR"];

export function AdsTable({ ads, onEdit }: { ads: AdView[]; onEdit: (ad: AdView) => void }) {
  const phone = usePhoneLayout();
  if (phone) {
    return (
      <Stack gap="sm">
        {ads.map((ad) => (
          <PhoneCard
            key={ad.id}
            label={ad.title}
            title={
              <Text fw={600} style={{ overflowWrap: "anywhere" }}>
                {ad.title}
              </Text>
            }
            actions={<AdRowActions ad={ad} onEdit={onEdit} />}
          >
            <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
              {contentPreview(ad.content)}
            </Text>
            <Group gap="xs" wrap="wrap">
              <Badge variant="light">{ad.type}</Badge>
              <Text size="sm">{ad.placement}</Text>
              <Text size="sm">{ad.dimensions ?? "Any size"}</Text>
            </Group>
            <Group gap="md" wrap="wrap">
              <Text size="sm">{ad.impressions.toLocaleString()} impressions</Text>
              <Text size="sm">{ad.clickCount.toLocaleString()} clicks</Text>
              <Text size="sm">CTR {clickThroughRate(ad.clickCount, ad.impressions)}</Text>
            </Group>
            <AdActiveSwitch ad={ad} />
          </PhoneCard>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Advertisements">
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => (
              <Table.Th key={column}>{column}</Table.Th>
            ))}
            {COUNTERS.map((column) => (
              <Table.Th key={column} ta="right">
                {column}
              </Table.Th>
            ))}
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ads.map((ad) => (
            <Table.Tr key={ad.id}>
              <Table.Td miw={220} maw={360}>
                <Text fw={600} style={{ overflowWrap: "anywhere" }}>
                  {ad.title}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                  {contentPreview(ad.content)}
                </Text>
              </Table.Td>
              <Table.Td miw={100}>
                <Badge variant="light">{ad.type}</Badge>
              </Table.Td>
              <Table.Td style={{ whiteSpace: "nowrap" }}>{ad.placement}</Table.Td>
              <Table.Td>{ad.dimensions ?? "—"}</Table.Td>
              <Table.Td>
                <AdActiveSwitch ad={ad} />
              </Table.Td>
              <Table.Td ta="right">{ad.impressions.toLocaleString()}</Table.Td>
              <Table.Td ta="right">{ad.clickCount.toLocaleString()}</Table.Td>
              <Table.Td ta="right">{clickThroughRate(ad.clickCount, ad.impressions)}</Table.Td>
              <Table.Td>
                <AdRowActions ad={ad} onEdit={onEdit} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
