// The PostgreSQL run of the API suites: one throw-away server for the whole run (or the one
// FORUM_TEST_DATABASE_URL names), and a template database migrated once, so each test forum
// is a fresh copy made by CREATE DATABASE … TEMPLATE in milliseconds.
import { createPostgresDb, migrateToLatest } from "@forum/db";
import { testPostgresServer } from "@forum/db/embedded-postgres";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { TEMPLATE_DATABASE } from "./names";

export default async function setup(project: TestProject) {
  const server = await testPostgresServer(process.env.FORUM_TEST_DATABASE_URL);
  const url = server.url;
  const admin = new pg.Client(url);
  await admin.connect();
  await admin.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`);
  await admin.query(`create database ${TEMPLATE_DATABASE}`);
  await admin.end();
  const template = createPostgresDb({ url: databaseUrl(url, TEMPLATE_DATABASE), poolSize: 1 });
  await migrateToLatest(template.db);
  await template.close();

  project.provide("postgresUrl", url);
  return async () => {
    await server.stop();
  };
}

export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

declare module "vitest" {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}
