/** @jest-environment node */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const root = path.resolve(__dirname, "../..");
const tsx = path.join(root, "node_modules/tsx/dist/cli.mjs");

async function check(cwd: string) {
  try {
    const { stdout, stderr } = await run(process.execPath, [tsx, "scripts/db-migration-check.ts"], { cwd, env: { ...process.env, DATABASE_URL: "" } });
    return { code: 0, stdout: stdout + stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout + e.stderr };
  }
}

describe("migrations", () => {
  it("build exactly the schema that schema.prisma describes", async () => {
    const result = await check(root);
    expect(result.stdout).toContain("agree");
    expect(result.code).toBe(0);
  }, 120_000);

  it("are reported as out of date when schema.prisma gains a field", async () => {
    // A copy of the project files the check reads, with one extra column in the schema.
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), "agora-drift-"));
    fs.cpSync(path.join(root, "prisma"), path.join(copy, "prisma"), { recursive: true });
    fs.cpSync(path.join(root, "scripts"), path.join(copy, "scripts"), { recursive: true });
    fs.symlinkSync(path.join(root, "node_modules"), path.join(copy, "node_modules"));
    fs.copyFileSync(path.join(root, "tsconfig.json"), path.join(copy, "tsconfig.json"));
    const schemaFile = path.join(copy, "prisma/schema.prisma");
    const schema = fs.readFileSync(schemaFile, "utf8").replace(
      "  city                 String?",
      "  nickname             String?\n  city                 String?",
    );
    fs.writeFileSync(schemaFile, schema);
    try {
      const result = await check(copy);
      expect(result).toMatchObject({ code: 1 });
      expect(result.stdout).toMatch(/ADD COLUMN\s+"nickname"/);
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
  }, 120_000);
});
