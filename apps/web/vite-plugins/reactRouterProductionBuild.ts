// react-router 7 ships a production build (no development warnings, about 0.4 KB gzip smaller on
// the home page) but its package exports always point at the development one
// (remix-run/react-router#14102, meant to be temporary). The production bundle takes the
// production build; the dev server keeps the development one.
import { existsSync } from "node:fs";
import type { Plugin } from "vite";

export function reactRouterProductionBuild(): Plugin {
  let productionEntry: string | undefined;
  return {
    name: "forum:react-router-production-build",
    apply: "build",
    enforce: "pre",
    async resolveId(source, importer) {
      if (source !== "react-router") return null;
      if (!productionEntry) {
        const resolved = await this.resolve(source, importer, { skipSelf: true });
        if (!resolved) return null;
        productionEntry = resolved.id.replace(/([\\/])development([\\/])/, "$1production$2");
        if (!existsSync(productionEntry)) {
          throw new Error(`react-router-production-build: no production build at ${productionEntry}`);
        }
      }
      return productionEntry;
    },
  };
}
