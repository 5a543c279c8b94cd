// Decides whether the production build in .next is current, by a content hash of every
// input that shapes it, and runs `next build` when it is not.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";

const root = path.resolve(__dirname, "../..");
const inputs = ["app", "components", "lib", "public", "proxy.ts", "instrumentation.ts", "next.config.mjs", "package-lock.json", "tsconfig.json", "postcss.config.mjs", "prisma/schema.prisma"];
const skip = new Set(["node_modules", ".next", ".data"]);
const stampFile = path.join(root, ".next", "agora-build-fingerprint");

function walk(target: string, hash: crypto.Hash) {
  if (!fs.existsSync(target)) return;
  const stat = fs.statSync(target);
  if (stat.isDirectory()) {
    for (const entry of fs.readdirSync(target).sort()) if (!skip.has(entry)) walk(path.join(target, entry), hash);
  } else {
    hash.update(path.relative(root, target));
    hash.update(fs.readFileSync(target));
  }
}

/** A hash of everything the build depends on. */
export function buildFingerprint(): string {
  const hash = crypto.createHash("sha256");
  for (const input of inputs) walk(path.join(root, input), hash);
  return hash.digest("hex");
}

/** Runs `next build` unless .next already holds a build of exactly these sources. */
export function buildIfNeeded(env: NodeJS.ProcessEnv, log: (m: string) => void): void {
  const fingerprint = buildFingerprint();
  const current = fs.existsSync(path.join(root, ".next", "BUILD_ID")) && fs.existsSync(stampFile) && fs.readFileSync(stampFile, "utf8") === fingerprint;
  if (current) return;
  log("Building Agora for production (first start or changed sources; this takes a few minutes)...");
  const result = spawnSync(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], {
    cwd: root,
    env: { ...env, NEXT_TELEMETRY_DISABLED: "1" },
    stdio: "inherit",
  });
  if (result.status !== 0) throw new Error("next build failed (see the output above)");
  fs.writeFileSync(stampFile, fingerprint);
}
