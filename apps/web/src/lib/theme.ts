// The Mantine theme. Mantine's default palette misses WCAG AA contrast in several places (white
// on blue-6 buttons 3.55:1, dimmed gray-6 text 3.32:1, white initials on light avatar colours,
// green-9 on green-1 badges), so the same hues are used at shades that reach 4.5:1 for text and
// 3:1 for large text and controls.
import { type CSSVariablesResolver, createTheme, darken, lighten, luminance } from "@mantine/core";

/**
 * The luminance at which black and white text contrast equally (4.58:1) with a background:
 * above it dark text is the better choice, below it white. Mantine's default (0.3) puts white
 * text on colours where it reaches only 3:1.
 */
export const CONTRAST_LUMINANCE = 0.179;

const AA_TEXT = 4.5;

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `color` darkened in small steps until it reads at 4.5:1 on `background`. */
function darkenedFor(color: string, background: string): string {
  let amount = 0;
  let result = color;
  while (contrastRatio(result, background) < AA_TEXT && amount < 0.9) {
    amount += 0.05;
    result = darken(color, amount);
  }
  return result;
}

export const theme = createTheme({
  primaryColor: "blue",
  // Filled buttons, badges and avatars use shade 8 in both schemes: white text on blue-8 is 5:1.
  primaryShade: { light: 8, dark: 8 },
  // Filled colours still too light for white text (yellow, lime, orange...) get dark text.
  autoContrast: true,
  luminanceThreshold: CONTRAST_LUMINANCE,
  defaultRadius: "md",
  fontFamily: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  headings: { fontWeight: "700" },
  focusRing: "auto",
  respectReducedMotion: true,
  components: {
    // The dialog's close button is an icon: it needs a name for screen readers. (A plain object,
    // not Modal.extend: that would pull the dialog code into every page's first download.)
    Modal: { defaultProps: { closeButtonProps: { "aria-label": "Close dialog" } } },
    // A toast's message (errors live there) in Mantine's gray-6 was 3.3:1 on white and 3.5:1 on
    // dark-6 (issue 25); the dimmed colour below reads at 4.5:1 and more on both.
    // A long option list scrolls in the listbox itself, not in a ScrollArea around it: screen
    // readers and axe take a combobox's listbox as reached from its input, but a scrolling box
    // around it as a region no keyboard can reach (axe scrollable-region-focusable).
    Select: {
      defaultProps: { withScrollArea: false },
      styles: { options: { maxHeight: 250, overflowY: "auto" } },
    },
    // A toast's close button is an icon too.
    Notification: {
      defaultProps: { closeButtonProps: { "aria-label": "Close notification" } },
      styles: { description: { color: "var(--mantine-color-dimmed)" } },
    },
  },
});

/** Dimmed, placeholder, error and light-badge text at 4.5:1 in both schemes. */
export const cssVariablesResolver: CSSVariablesResolver = (current) => {
  const light: Record<string, string> = {
    // 4.6:1 even on gray-1 (striped rows, hovered items).
    "--mantine-color-dimmed": darken(current.colors.gray[6], 0.22),
    "--mantine-color-placeholder": darken(current.colors.gray[6], 0.22),
    "--mantine-color-error": "var(--mantine-color-red-9)",
  };
  // Light badges and subtle buttons: shade 9 on shade 1 (hovered: shade 2) is too pale for
  // green, yellow, orange, lime, cyan and teal.
  for (const [name, shades] of Object.entries(current.colors)) {
    light[`--mantine-color-${name}-light-color`] = darkenedFor(shades[9], shades[2]);
  }
  return {
    variables: {},
    light,
    dark: {
      // 4.7:1 on dark-5 (hovered controls), 5.7:1 on cards.
      "--mantine-color-dimmed": lighten(current.colors.dark[2], 0.3),
      "--mantine-color-placeholder": lighten(current.colors.dark[2], 0.3),
      "--mantine-color-error": "var(--mantine-color-red-5)",
    },
  };
};
