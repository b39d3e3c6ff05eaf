// The PostgreSQL run's server: started once for the run (or FORUM_TEST_DATABASE_URL's), stopped after.
import { testPostgresServer } from "@forum/db/embedded-postgres";
import type { TestProject } from "vitest/node";

export default async function setup(project: TestProject) {
  const server = await testPostgresServer(process.env.FORUM_TEST_DATABASE_URL);
  project.provide("postgresUrl", server.url);
  return server.stop;
}

declare module "vitest" {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}
