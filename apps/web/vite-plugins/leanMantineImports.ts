// Two Mantine components on every page import a whole library for one small piece of it. A module
// is never split between chunks, so each import put all of that library in the entry chunk:
//
// - ScrollArea (the sidebar) takes only the useMergeRefs hook from @floating-ui/react, which
//   brought the whole of floating-ui (the positioning engine of popovers, menus, selects and
//   tooltips, about 13 KB gzip). ScrollArea gets the same hook from a copy of its own
//   (src/lib/vendor/useMergeRefs.ts); floating-ui now loads with the first popover.
// - AppShell's header, aside and footer take only RemoveScroll.classNames (the class name that
//   keeps fixed bars in place while a modal locks the page's scroll) from react-remove-scroll,
//   which brought the scroll lock itself (about 3 KB gzip). They get the same class names, read
//   from react-remove-scroll's own constants; the scroll lock now loads with the first modal.
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

const MANTINE_COMPONENTS = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]/;
const SCROLL_AREA = /ScrollArea[\\/]ScrollArea\.mjs$/;
const APP_SHELL_BARS = /AppShell[\\/]AppShell(Header|Aside|Footer)[\\/]AppShell\1\.mjs$/;

const MERGE_REFS = fileURLToPath(new URL("../src/lib/vendor/useMergeRefs.ts", import.meta.url));
const REMOVE_SCROLL_CLASS_NAMES = "\0forum:remove-scroll-class-names";

export function leanMantineImports(): Plugin {
  let classNameConstants: string | undefined;
  return {
    name: "forum:lean-mantine-imports",
    apply: "build",
    enforce: "pre",
    async resolveId(source, importer) {
      if (!importer || !MANTINE_COMPONENTS.test(importer)) return null;
      if (source === "@floating-ui/react" && SCROLL_AREA.test(importer)) return MERGE_REFS;
      if (source === "react-remove-scroll" && APP_SHELL_BARS.test(importer)) {
        const removeScroll = await this.resolve(source, importer, { skipSelf: true });
        const constants = removeScroll && (await this.resolve("react-remove-scroll-bar/constants", removeScroll.id));
        if (!constants) throw new Error("lean-mantine-imports: react-remove-scroll-bar/constants not found");
        classNameConstants = constants.id;
        return REMOVE_SCROLL_CLASS_NAMES;
      }
      return null;
    },
    load(id) {
      if (id !== REMOVE_SCROLL_CLASS_NAMES) return null;
      // The same object react-remove-scroll builds (dist/es2015/UI.js).
      return [
        `import { fullWidthClassName, zeroRightClassName } from ${JSON.stringify(classNameConstants)};`,
        "export const RemoveScroll = { classNames: { fullWidth: fullWidthClassName, zeroRight: zeroRightClassName } };",
      ].join("\n");
    },
  };
}
