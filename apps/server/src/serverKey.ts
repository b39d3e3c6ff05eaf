// The server key (FORUM_SECRET_KEY) seals the secrets the forum must read again. Without the
// setting, the zero-setup default: a random key generated into the data folder on first start
// (readable by the forum's user only) and read from there afterwards, said once in the log.
// Instances that share a PostgreSQL database must share the key: set FORUM_SECRET_KEY on each.
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { SERVER_KEY_BYTES } from "@forum/api";
import { ConfigError, type ServerConfig } from "./config";

export function loadServerKey(
  config: Pick<ServerConfig, "secretKey" | "secretKeyPath">,
  log: { info: (message: string) => void },
): Buffer {
  if (config.secretKey) return config.secretKey;
  try {
    const kept = readFileSync(config.secretKeyPath, "utf8").trim();
    if (!/^[0-9a-f]{64}$/i.test(kept)) {
      throw new ConfigError(
        `${config.secretKeyPath} is not a server key (64 hexadecimal digits): restore it, or set FORUM_SECRET_KEY`,
      );
    }
    return Buffer.from(kept, "hex");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const key = randomBytes(SERVER_KEY_BYTES);
  mkdirSync(dirname(config.secretKeyPath), { recursive: true });
  // "wx": never over a key another instance wrote a moment ago.
  writeFileSync(config.secretKeyPath, `${key.toString("hex")}\n`, { mode: 0o600, flag: "wx" });
  log.info(
    `FORUM_SECRET_KEY is not set: generated a server key in ${config.secretKeyPath} (back it up with the database; instances sharing a database need the same key)`,
  );
  return key;
}
