import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { leanMantineImports } from "./vite-plugins/leanMantineImports.ts";
import { precompress } from "./vite-plugins/precompress.ts";
import { reactRouterProductionBuild } from "./vite-plugins/reactRouterProductionBuild.ts";

const apiTarget = process.env.FORUM_API_URL ?? "http://localhost:3000";

export default defineConfig({
  plugins: [react(), leanMantineImports(), reactRouterProductionBuild(), precompress()],
  build: {
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
});
