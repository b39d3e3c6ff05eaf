import { Center, Text } from "@mantine/core";

export function FullScreenLoading() {
  return (
    <Center h="100vh">
      <Text size="lg" c="dimmed">
        Loading...
      </Text>
    </Center>
  );
}
