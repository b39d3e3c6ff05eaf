// "Firefox on Linux": what a sessions list says of a User-Agent header. Only the common browsers
// and systems are named; anything else is said as such rather than guessed. Order matters: Edge
// and Opera also say "Chrome", Chrome also says "Safari", Android also says "Linux".
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  // HeadlessChrome too (no word boundary before "Chrome").
  [/Chrome\/|\bCriOS\/|\bChromium\//, "Chrome"],
  [/\bSafari\//, "Safari"],
  [/^curl\//, "curl"],
  [/^node|undici/i, "Node.js"],
];

const PLATFORMS: [RegExp, string][] = [
  [/\biPhone\b|\biPad\b|\biPod\b/, "iOS"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

const nameOf = (table: [RegExp, string][], header: string) => table.find(([pattern]) => pattern.test(header))?.[1];

/** The browser and platform of a User-Agent ("Chrome", "Android"); null for what is not recognised. */
export function describeUserAgent(header: string | null): { browser: string | null; platform: string | null } {
  if (!header) return { browser: null, platform: null };
  return { browser: nameOf(BROWSERS, header) ?? null, platform: nameOf(PLATFORMS, header) ?? null };
}
