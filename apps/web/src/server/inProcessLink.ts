// The tRPC link of a server render: each call goes to the server's own procedures in the same
// process (no HTTP), and comes back as the browser would receive it: JSON, and failures as
// TRPCClientError with the same data (httpStatus) the screens read.
import type { AppRouter } from "@forum/api";
import { TRPCClientError, type TRPCLink } from "@trpc/client";
import { observable } from "@trpc/server/observable";

/** A failure as the router's error formatter shapes it ({ message, code, data: { httpStatus } }). */
export type ProcedureFailure = { message: string; code: number; data: Record<string, unknown> };

/** Calls one procedure by its dotted name: its answer's JSON text, or the failure it ended in. */
export type CallProcedure = (path: string, input: unknown) => Promise<{ json: string } | { error: ProcedureFailure }>;

export function inProcessLink(call: CallProcedure): TRPCLink<AppRouter> {
  return () =>
    ({ op }) =>
      observable((observer) => {
        call(op.path, op.input).then(
          (answer) => {
            if ("error" in answer) {
              observer.error(TRPCClientError.from({ error: answer.error }));
              return;
            }
            // What a browser gets: the answer through JSON (undefined fields gone, dates as text).
            observer.next({ result: { type: "data", data: answer.json === "" ? undefined : JSON.parse(answer.json) } });
            observer.complete();
          },
          (cause: unknown) =>
            observer.error(TRPCClientError.from(cause instanceof Error ? cause : new Error(String(cause)))),
        );
        return () => undefined;
      });
}
