// The server's reason for a failed sign-in or registration, when it is one a person can act on
// (a banned account, a short password, a taken username). The spec's own text stays the default.
import { httpStatusOf } from "../../lib/trpc";

export function serverReason(error: unknown, statuses: readonly number[]): string | undefined {
  const status = httpStatusOf(error);
  if (status === undefined || !statuses.includes(status) || !(error instanceof Error)) return undefined;
  return error.message || undefined;
}
