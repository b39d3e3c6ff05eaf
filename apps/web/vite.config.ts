import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { leanMantineImports } from "./vite-plugins/leanMantineImports.ts";
import { precompress } from "./vite-plugins/precompress.ts";
import { reactRouterProductionBuild } from "./vite-plugins/reactRouterProductionBuild.ts";

const apiTarget = process.env.FORUM_API_URL ?? "http://localhost:3000";

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), leanMantineImports(), reactRouterProductionBuild(), ...(isSsrBuild ? [] : [precompress()])],
  // The server render (src/entry-server.tsx, `vite build --ssr`) is one self-contained module in
  // dist/server: the production image runs it without the web app's node_modules, and React and
  // Mantine render there exactly as their production builds do in the browser.
  ...(isSsrBuild
    ? {
        ssr: { noExternal: true },
        define: { "process.env.NODE_ENV": JSON.stringify("production") },
      }
    : {}),
  build: isSsrBuild
    ? {
        outDir: "dist/server",
        emptyOutDir: false,
        copyPublicDir: false,
        rolldownOptions: { output: { entryFileNames: "[name].mjs", codeSplitting: false } },
      }
    : {
        // The server reads which chunks each page needs (modulepreload links in its HTML).
        manifest: true,
        // Every browser the forum supports preloads modules itself; Vite's polyfill for the others
        // scanned the page's links before anything else ran (about 20 ms of a phone's first task).
        modulePreload: { polyfill: false },
        rolldownOptions: {
          output: {
            codeSplitting: {
              // Everything the entry imports statically goes in one file: one request, and it
              // compresses better than the dozen small shared chunks the automatic split made.
              groups: [{ name: "app", tags: ["$initial"] }],
            },
          },
        },
      },
  server: {
    proxy: {
      "/api": apiTarget,
      "/trpc": apiTarget,
      "/uploads": apiTarget,
      "/ad-frames": apiTarget,
    },
  },
}));
