// The signed-out screens' frame (sign-in, forgotten password, new password): a centred card
// under the forum's name, outside the app layout, with a way back to the forum.
import { Anchor, Center, Paper, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useSite } from "../../lib/site";

export function AccountCard({
  subtitle,
  above,
  children,
}: {
  subtitle: string;
  above?: ReactNode;
  children: ReactNode;
}) {
  const { name } = useSite();
  return (
    <Center
      component="main"
      mih="100dvh"
      p="md"
      bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))"
    >
      <Stack w="100%" maw={420} gap="md">
        {above}
        <Paper withBorder shadow="sm" radius="md" p={{ base: "md", xs: "xl" }}>
          <Stack gap={4} align="center" mb="lg">
            <Title order={1} size="h2" ta="center">
              {name}
            </Title>
            <Text c="dimmed" ta="center">
              {subtitle}
            </Text>
          </Stack>
          {children}
        </Paper>
        <Anchor component={Link} to="/" size="sm" ta="center">
          <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: "-2px", marginRight: 4 }} />
          Back to forum
        </Anchor>
      </Stack>
    </Center>
  );
}
