import { startEmbeddedPostgres } from "@forum/db/embedded-postgres";

const s = await startEmbeddedPostgres({ port: 55432 });
console.log(s.url);
process.on("SIGTERM", async () => {
  await s.stop();
  process.exit(0);
});
setInterval(() => {}, 1 << 30);
