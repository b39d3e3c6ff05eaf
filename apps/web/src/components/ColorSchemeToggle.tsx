// Light or dark: an icon button in the header from 576 px up, a button in the slide-over menu on
// narrower phones (issue 25: below 576 px there was no switch at all).
import { ActionIcon, Button, useComputedColorScheme, useMantineColorScheme } from "@mantine/core";
import { IconMoon, IconSun } from "@tabler/icons-react";

function useColorSchemeSwitch() {
  const { setColorScheme } = useMantineColorScheme();
  const dark = useComputedColorScheme("light") === "dark";
  return {
    label: dark ? "Use light theme" : "Use dark theme",
    icon: dark ? <IconSun size={20} aria-hidden /> : <IconMoon size={20} aria-hidden />,
    toggle: () => setColorScheme(dark ? "light" : "dark"),
  };
}

/** The header's switch, from Mantine's xs breakpoint (576 px) up. */
export function ColorSchemeToggle() {
  const { label, icon, toggle } = useColorSchemeSwitch();
  return (
    <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label} onClick={toggle} visibleFrom="xs">
      {icon}
    </ActionIcon>
  );
}

/** The slide-over menu's switch, below 576 px, where the header has no room for it. */
export function ColorSchemeMenuButton() {
  const { label, icon, toggle } = useColorSchemeSwitch();
  return (
    <Button variant="subtle" color="gray" justify="flex-start" leftSection={icon} onClick={toggle} hiddenFrom="xs">
      {label}
    </Button>
  );
}
