// Passwords are hashed with argon2id (OWASP's recommended parameters: 19 MiB, 2 passes).
import { hash, verify } from "@node-rs/argon2";

const OPTIONS = { memoryCost: 19456, timeCost: 2, outputLen: 32, parallelism: 1 } as const;

/**
 * The stored hash of an account with no password yet (imported from an export, which never holds
 * one): not an argon2 hash, so verify() fails for every password; "Forgot password" sets one.
 */
export const NO_PASSWORD_HASH = "!no-password";

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verified against when a username does not exist, so a failed login takes the same time
// whether or not the account exists.
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword("not-a-real-password");
  await verifyPassword(await dummyHash, password);
}
