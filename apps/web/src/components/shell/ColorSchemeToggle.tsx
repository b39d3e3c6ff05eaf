// Light or dark: an icon button in the header from 576 px up, a button in the slide-over menu on
// narrower phones (issue 25: below 576 px there was no switch at all).
import { ActionIcon, NavLink, useComputedColorScheme, useMantineColorScheme } from "@mantine/core";
import { IconMoon, IconSun } from "@tabler/icons-react";

function useColorSchemeSwitch() {
  const { setColorScheme } = useMantineColorScheme();
  const dark = useComputedColorScheme("light") === "dark";
  return {
    label: dark ? "Use light theme" : "Use dark theme",
    Icon: dark ? IconSun : IconMoon,
    toggle: () => setColorScheme(dark ? "light" : "dark"),
  };
}

/** The header's switch, from Mantine's xs breakpoint (576 px) up. */
export function ColorSchemeToggle() {
  const { label, Icon, toggle } = useColorSchemeSwitch();
  return (
    <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label} onClick={toggle} visibleFrom="xs">
      <Icon size={20} aria-hidden />
    </ActionIcon>
  );
}

/** The slide-over menu's switch, below 576 px, where the header has no room for it; like its links. */
export function ColorSchemeMenuButton() {
  const { label, Icon, toggle } = useColorSchemeSwitch();
  return (
    <NavLink
      component="button"
      label={label}
      leftSection={<Icon size={18} aria-hidden />}
      onClick={toggle}
      hiddenFrom="xs"
    />
  );
}
