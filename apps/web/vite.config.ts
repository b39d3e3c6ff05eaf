import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const apiTarget = process.env.FORUM_API_URL ?? "http://localhost:3000";

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      "/api": apiTarget,
      "/trpc": apiTarget,
      "/uploads": apiTarget,
    },
  },
});
