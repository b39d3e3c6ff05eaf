import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { limitHeapGrowth } from "./heapGrowth";
import { createMetrics } from "./metrics/collector";
import { readyUrl } from "./readyUrl";
import { loadServerKey } from "./serverKey";
import { prepareDatabase } from "./start";

const bootLog = { info: (...args: unknown[]) => console.log(...args.filter((a) => typeof a === "string")) };

async function main() {
  limitHeapGrowth();
  const config = loadConfig();
  // Before the database opens: its connections report each statement's time to it.
  const metrics = config.metrics.enabled ? createMetrics() : undefined;
  const database = await prepareDatabase(config, bootLog, metrics?.observeQuery);
  const app = await buildApp({
    ...config,
    database,
    metrics: metrics && { collector: metrics, allow: config.metrics.allow, token: config.metrics.token },
    // Links in mail: the public address, else the one printed below; never a request's Host.
    mail: {
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      linkBase: readyUrl({ host: config.host, port: config.port, publicUrl: config.publicUrl }),
      timeZone: config.timeZone,
      notifyDelayMs: config.emailNotifyDelaySeconds * 1000,
    },
    serverKey: loadServerKey(config, bootLog),
    webhooks: {
      allowHttp: config.webhooksAllowHttp,
      allowPrivate: config.webhooksAllowPrivate,
    },
    backups: {
      dir: config.backupDir,
      keep: config.backupKeep,
      every: config.backupEvery,
      // With FORUM_SECRET_KEY the key lives in the environment, not in a file to back up.
      ...(config.secretKey ? {} : { secretKeyPath: config.secretKeyPath }),
    },
  });
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, "shutting down");
    await app.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  await app.listen({ host: config.host, port: config.port });
  // The port bound (PORT=0 picks a free one).
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  console.log(`Forum ready at ${readyUrl({ host: config.host, port, publicUrl: config.publicUrl })}`);
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    // A setting to fix, not a crash: no stack, and an exit code of its own.
    console.error(error.message);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
});
