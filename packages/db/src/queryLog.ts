// Kysely's query log, built only when someone listens: without a listener Kysely times nothing,
// so a server with metrics off pays nothing per query.
import type { KyselyConfig, LogEvent, RootOperationNode } from "kysely";

/** What a statement does, as the metrics label it: never its SQL or its values. */
export type QueryKind = "select" | "insert" | "update" | "delete" | "raw" | "other";

/** Called after every statement a connection ran, with its kind and how long it took (ms). */
export type QueryObserver = (kind: QueryKind, durationMs: number) => void;

const KINDS: Partial<Record<RootOperationNode["kind"], QueryKind>> = {
  SelectQueryNode: "select",
  InsertQueryNode: "insert",
  UpdateQueryNode: "update",
  DeleteQueryNode: "delete",
  RawNode: "raw",
};

export function queryKindOf(node: RootOperationNode): QueryKind {
  return KINDS[node.kind] ?? "other";
}

/**
 * The `log` option for a Kysely: each statement's kind and time to `onQuery`, each SQL text the
 * first time it runs to `onNewStatement` (query-plan tests); none at all without either.
 */
export function queryLog(options: {
  onQuery?: QueryObserver | undefined;
  onNewStatement?: ((sql: string) => void) | undefined;
}): Pick<KyselyConfig, "log"> {
  const { onQuery, onNewStatement } = options;
  if (!onQuery && !onNewStatement) return {};
  const seen = new Set<string>();
  return {
    log: (event: LogEvent) => {
      onQuery?.(queryKindOf(event.query.query), event.queryDurationMillis);
      if (event.level !== "query" || !onNewStatement || seen.has(event.query.sql)) return;
      seen.add(event.query.sql);
      onNewStatement(event.query.sql);
    },
  };
}
