// The PostgreSQL run's server: started once for the run (or FORUM_TEST_DATABASE_URL's), stopped after.
import { type EmbeddedPostgres, startEmbeddedPostgres } from "@forum/db/embedded-postgres";
import type { TestProject } from "vitest/node";

export default async function setup(project: TestProject) {
  let server: EmbeddedPostgres | null = null;
  let url = process.env.FORUM_TEST_DATABASE_URL;
  if (!url) {
    server = await startEmbeddedPostgres();
    url = server.url;
  }
  project.provide("postgresUrl", url);
  return async () => {
    await server?.stop();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}
