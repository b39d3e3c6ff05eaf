// What a backup takes and a restore puts back: the database (SQLite's file or PostgreSQL's URL),
// the uploads folder, and the server key's file when the forum keeps its key in one.
export type BackupSource = {
  database: { engine: "sqlite"; path: string } | { engine: "postgres"; url: string };
  uploadsDir: string;
  /** The generated server key (data/secret.key): webhook and two-step secrets cannot be read without it. */
  secretKeyPath?: string | undefined;
};
