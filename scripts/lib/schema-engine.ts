// Prisma's schema engine, compiled to WebAssembly, driven over @prisma/adapter-pg.
// The Prisma CLI downloads a native engine, which these machines cannot fetch; this
// keeps migration files in Prisma's own format without that download.
import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";

const root = path.resolve(__dirname, "../..");
export const schemaPath = path.join(root, "prisma/schema.prisma");
export const migrationsDir = path.join(root, "prisma/migrations");

type DiffTarget =
  | { tag: "empty" }
  | { tag: "schemaDatamodel"; files: { path: string; content: string }[] }
  | { tag: "migrations"; baseDir: string; lockfile: { path: string; content: string | null }; migrationDirectories: unknown[]; shadowDbInitScript: string };

interface Engine {
  diff(params: { from: DiffTarget; to: DiffTarget; script: boolean; exitCode: boolean | null; filters: { externalTables: string[]; externalEnums: string[] } }): Promise<{ exitCode: number; stdout: string | null }>;
  free(): void;
}

// The engine reports a Rust panic's message through this global before it throws.
(globalThis as { PRISMA_WASM_PANIC_REGISTRY?: unknown }).PRISMA_WASM_PANIC_REGISTRY = {
  set_message: (message: string) => {
    console.error(`schema engine panic: ${message}`);
  },
};

async function loadEngine(databaseUrl: string): Promise<Engine> {
  const dir = path.join(root, "node_modules/@prisma/schema-engine-wasm");
  const bg = await import(path.join(dir, "schema_engine_bg.js"));
  const { instance } = await WebAssembly.instantiate(fs.readFileSync(path.join(dir, "schema_engine_bg.wasm")), {
    "./schema_engine_bg.js": bg,
  });
  bg.__wbg_set_wasm(instance.exports);
  (instance.exports as { __wbindgen_start?: () => void }).__wbindgen_start?.();
  const schema = fs.readFileSync(schemaPath, "utf8");
  const adapter = bindMigrationAwareSqlAdapterFactory(await patchedPgFactory(databaseUrl));
  return bg.SchemaEngine.new({ datamodels: [["schema.prisma", schema]] }, () => {}, adapter);
}

/**
 * adapter-pg 7.10 needs three fixes on the schema engine's path (and only there):
 * PostgreSQL's internal "char" type (OID 18) is read as text, migration scripts are sent
 * whole instead of split on ";" (dollar-quoted bodies), and the connection is given as
 * fields so the shadow database really is a separate database.
 */
async function patchedPgFactory(databaseUrl: string) {
  const url = new URL(databaseUrl);
  const config: pg.PoolConfig = {
    host: url.hostname,
    port: Number(url.port || 5432),
    user: decodeURIComponent(url.username || "postgres"),
    password: url.password ? decodeURIComponent(url.password) : undefined,
    database: decodeURIComponent(url.pathname.slice(1) || "postgres"),
  };
  const factory = Object.assign(new PrismaPg(config), { poolConfig: config });
  const probe = await factory.connect();
  const adapterProto = Object.getPrototypeOf(probe);
  const queryableProto = Object.getPrototypeOf(adapterProto);
  if (!queryableProto.__agoraPatched) {
    const performIO = queryableProto.performIO;
    queryableProto.performIO = async function (this: unknown, query: unknown) {
      const result = await performIO.call(this, query);
      for (const field of result?.fields ?? []) if (field.dataTypeID === 18) field.dataTypeID = 25;
      return result;
    };
    adapterProto.executeScript = async function (this: { client: { query(sql: string): Promise<unknown> }; onError(e: unknown): never }, script: string) {
      try {
        await this.client.query(script);
      } catch (error) {
        this.onError(error);
      }
    };
    queryableProto.__agoraPatched = true;
  }
  await probe.dispose();

  // Our own shadow database: dropped only after its pool has closed, and forcefully.
  const AdapterClass = adapterProto.constructor;
  factory.connectToShadowDb = async () => {
    const admin = await factory.connect();
    const name = `agora_shadow_${crypto.randomUUID().replaceAll("-", "")}`;
    await admin.executeScript(`CREATE DATABASE "${name}"`);
    const pool = new pg.Pool({ ...factory.poolConfig, database: name });
    pool.on("error", () => {}); // the forced drop below ends connections the engine still holds
    return new AdapterClass(pool, undefined, async () => {
      await pool.end();
      await admin.executeScript(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.dispose();
    });
  };
  return factory;
}

/** The migration folders on disk, in the shape the engine reads. */
export function readMigrationList() {
  const lockPath = path.join(migrationsDir, "migration_lock.toml");
  const dirs = fs.existsSync(migrationsDir)
    ? fs.readdirSync(migrationsDir).filter((d) => fs.existsSync(path.join(migrationsDir, d, "migration.sql"))).sort()
    : [];
  return {
    baseDir: migrationsDir,
    lockfile: { path: "migration_lock.toml", content: fs.existsSync(lockPath) ? fs.readFileSync(lockPath, "utf8") : null },
    shadowDbInitScript: "",
    migrationDirectories: dirs.map((d) => ({
      path: d,
      migrationFile: { path: "migration.sql", content: { tag: "ok", value: fs.readFileSync(path.join(migrationsDir, d, "migration.sql"), "utf8") } },
    })),
  };
}

/**
 * The SQL that takes a database from what the migrations build to what schema.prisma describes;
 * empty when they agree. Needs a server where it may create a scratch database.
 */
export async function diffMigrationsToSchema(databaseUrl: string): Promise<string> {
  const engine = await loadEngine(databaseUrl);
  try {
    const schema = fs.readFileSync(schemaPath, "utf8");
    const result = await engine.diff({
      from: { tag: "migrations", ...readMigrationList() },
      to: { tag: "schemaDatamodel", files: [{ path: "schema.prisma", content: schema }] },
      script: true,
      exitCode: null,
      filters: { externalTables: [], externalEnums: [] },
    });
    const sql = (result.stdout ?? "").trim();
    return sql === "-- This is an empty migration." ? "" : sql;
  } finally {
    engine.free();
  }
}
