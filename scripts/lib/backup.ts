// npm run db:backup / db:restore: a consistent copy of the database in one file, and its
// restoration into an empty database.
//
// Why not pg_dump: the embedded PostgreSQL is version 17 and its npm package ships only initdb,
// pg_ctl and postgres; the machines' own pg_dump is 15, which refuses a newer server. So the
// backup is taken through the driver: one REPEATABLE READ, READ ONLY transaction (a single
// snapshot, so every table is from the same instant, while the app keeps writing), each table
// read through a cursor in primary-key order and written as gzip'd JSON lines. The schema is not
// copied: the file names the migrations it was taken at, and a restore applies this checkout's
// migrations (which must include those) to the empty database and then loads the rows, in
// foreign-key order, inside one transaction: a failed restore leaves the database as it was.
import fs from "node:fs";
import readline from "node:readline";
import zlib from "node:zlib";
import { once } from "node:events";
import pg from "pg";
import { applyMigrations, listMigrations } from "./migrate";

/** The first line of a backup file. */
export interface BackupHeader {
  format: "agora-backup";
  version: 1;
  createdAt: string;
  serverVersion: string;
  migrations: string[];
}

const BATCH = 1000;
/** Maintained by triggers as rows are inserted: restored last, replacing what the triggers counted. */
const LAST_TABLES = ["site_counters"];

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The application's tables (public schema, not the migrations table), parents before children. */
async function tablesInOrder(client: pg.Client): Promise<string[]> {
  const { rows: tables } = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relname <> '_prisma_migrations' ORDER BY c.relname`,
  );
  const { rows: fks } = await client.query<{ child: string; parent: string }>(
    `SELECT c.relname AS child, p.relname AS parent FROM pg_constraint k
       JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE k.contype = 'f' AND n.nspname = 'public' AND c.oid <> p.oid`,
  );
  const names = tables.map((t) => t.name);
  const parents = new Map(names.map((n) => [n, new Set<string>()]));
  for (const fk of fks) parents.get(fk.child)?.add(fk.parent);
  const ordered: string[] = [];
  const visit = (name: string, path: Set<string>) => {
    if (ordered.includes(name) || path.has(name)) return;
    path.add(name);
    for (const parent of parents.get(name) ?? []) visit(parent, path);
    path.delete(name);
    ordered.push(name);
  };
  for (const name of names) visit(name, new Set());
  return [...ordered.filter((n) => !LAST_TABLES.includes(n)), ...ordered.filter((n) => LAST_TABLES.includes(n))];
}

async function primaryKey(client: pg.Client, table: string): Promise<string[]> {
  const { rows } = await client.query<{ column: string }>(
    `SELECT a.attname AS column FROM pg_index i
       JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
      WHERE i.indrelid = $1::regclass AND i.indisprimary ORDER BY array_position(i.indkey, a.attnum)`,
    [quote(table)],
  );
  return rows.map((r) => r.column);
}

async function columnsOf(client: pg.Client, table: string): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT attname AS name FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
    [quote(table)],
  );
  return rows.map((r) => r.name);
}

/** Writes a consistent backup of the database to file; returns the rows written per table. */
export async function backupDatabase(databaseUrl: string, file: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const gzip = zlib.createGzip();
  const out = fs.createWriteStream(`${file}.partial`, { mode: 0o600 });
  gzip.pipe(out);
  const write = async (value: unknown) => {
    if (!gzip.write(`${JSON.stringify(value)}\n`)) await once(gzip, "drain");
  };
  const counts: Record<string, number> = {};
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY");
    const { rows: applied } = await client.query<{ name: string }>(
      `SELECT migration_name AS name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name`,
    );
    const { rows: version } = await client.query<{ server_version: string }>("SHOW server_version");
    const header: BackupHeader = {
      format: "agora-backup",
      version: 1,
      createdAt: new Date().toISOString(),
      serverVersion: version[0]?.server_version ?? "",
      migrations: applied.map((r) => r.name),
    };
    await write(header);
    for (const table of await tablesInOrder(client)) {
      const columns = await columnsOf(client, table);
      const key = await primaryKey(client, table);
      await write({ table, columns });
      const order = key.length ? ` ORDER BY ${key.map(quote).join(", ")}` : "";
      // Rows as JSON text built by the server: every type keeps its exact text form, which the restore casts back.
      await client.query(
        `DECLARE dump NO SCROLL CURSOR FOR SELECT to_json(t)::text AS row FROM (SELECT ${columns.map(quote).join(", ")} FROM ${quote(table)}${order}) t`,
      );
      counts[table] = 0;
      for (;;) {
        const { rows } = await client.query<{ row: string }>(`FETCH ${BATCH} FROM dump`);
        if (!rows.length) break;
        counts[table] += rows.length;
        if (!gzip.write(`{"rows":[${rows.map((r) => r.row).join(",")}]}\n`)) await once(gzip, "drain");
      }
      await client.query("CLOSE dump");
    }
    await client.query("COMMIT");
    await write({ end: true, counts });
    gzip.end();
    await once(out, "close");
    fs.renameSync(`${file}.partial`, file);
    return counts;
  } catch (error) {
    gzip.destroy();
    out.destroy();
    fs.rmSync(`${file}.partial`, { force: true });
    throw error;
  } finally {
    await client.end();
  }
}

/** Rows in the target database's tables; an empty database has none (or no tables at all). */
async function rowsPresent(client: pg.Client): Promise<{ table: string; rows: number } | null> {
  const { rows: tables } = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relname NOT IN ('_prisma_migrations', 'site_counters')`,
  );
  for (const { name } of tables) {
    const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${quote(name)} LIMIT 1000) x`);
    if (rows[0]!.n > 0) return { table: name, rows: rows[0]!.n };
  }
  return null;
}

/** Thrown when the target holds data: a restore never overwrites anything. */
export class NotEmptyError extends Error {}

/** Restores a backup file into an empty database; returns the rows restored per table. */
export async function restoreDatabase(databaseUrl: string, file: string): Promise<Record<string, number>> {
  const lines = readline.createInterface({ input: fs.createReadStream(file).pipe(zlib.createGunzip()), crlfDelay: Infinity });
  const iterator = lines[Symbol.asyncIterator]();
  // A rows line is handed to the server as it is (its JSON array), never parsed here: bigints stay exact.
  const ROWS = '{"rows":';
  const next = async (): Promise<Record<string, unknown> | null> => {
    const { value, done } = await iterator.next();
    if (done) return null;
    if (value.startsWith(ROWS)) return { rowsJson: value.slice(ROWS.length, -1) };
    return JSON.parse(value) as Record<string, unknown>;
  };
  const header = (await next().catch(() => null)) as BackupHeader | null;
  if (header?.format !== "agora-backup" || header.version !== 1) throw new Error(`${file} is not an Agora backup (npm run db:backup writes one).`);
  const known = new Set(listMigrations().map((m) => m.name));
  const unknown = header.migrations.filter((m) => !known.has(m));
  if (unknown.length) throw new Error(`The backup was taken at migrations this checkout does not have (${unknown.join(", ")}): restore it with a newer Agora.`);

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const counts: Record<string, number> = {};
  try {
    const present = await rowsPresent(client);
    if (present) throw new NotEmptyError(`Refusing to restore: the target database is not empty (table ${present.table} has rows). Restore into a new, empty database.`);
    await applyMigrations(databaseUrl);
    await client.query("BEGIN");
    // Superusers skip triggers and foreign-key checks while loading; others load parents first (the file's order).
    await client.query("SAVEPOINT role");
    await client.query("SET LOCAL session_replication_role = replica").then(
      () => client.query("RELEASE SAVEPOINT role"),
      () => client.query("ROLLBACK TO SAVEPOINT role"),
    );
    let table = "";
    let columns: string[] = [];
    for (let line = await next(); line; line = await next()) {
      if (typeof line.table === "string") {
        table = line.table;
        const present = new Set(await columnsOf(client, table).catch(() => [] as string[]));
        if (!present.size) throw new Error(`The backup has a table ${table} this schema does not.`);
        columns = (line.columns as string[]).filter((c) => present.has(c));
        counts[table] = 0;
        if (LAST_TABLES.includes(table)) await client.query(`DELETE FROM ${quote(table)}`);
      } else if (typeof line.rowsJson === "string") {
        const list = columns.map(quote).join(", ");
        const result = await client.query(
          `INSERT INTO ${quote(table)} (${list}) SELECT ${list} FROM json_populate_recordset(NULL::${quote(table)}, $1::json)`,
          [line.rowsJson],
        );
        counts[table] += result.rowCount ?? 0;
      } else if (line.end) {
        break;
      }
    }
    // Sequences continue after the restored ids.
    const { rows: sequences } = await client.query<{ table: string; column: string; seq: string }>(
      `SELECT c.relname AS table, a.attname AS column, pg_get_serial_sequence(quote_ident(c.relname), a.attname) AS seq
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_attribute a ON a.attrelid = c.oid
        WHERE n.nspname = 'public' AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
          AND pg_get_serial_sequence(quote_ident(c.relname), a.attname) IS NOT NULL`,
    );
    for (const s of sequences) {
      await client.query(`SELECT setval($1, COALESCE((SELECT max(${quote(s.column)}) FROM ${quote(s.table)}), 0) + 1, false)`, [s.seq]);
    }
    await client.query("COMMIT");
    return counts;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    await client.end();
    lines.close();
  }
}
