/** @jest-environment node */
// `npm start` without VAPID keys generates a pair once into the data folder and keeps it, so
// browsers subscribed against its public key keep receiving pushes after a restart (issue 15).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import webpush from "web-push";
import { localVapidKeys } from "@/scripts/lib/run-agora";
import { readEnv } from "@/lib/config/env";

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "agora-vapid-"));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

it("generates a valid pair on first start, readable only by its owner, and returns the same pair afterwards", () => {
  const first = localVapidKeys(dir);
  const file = path.join(dir, "vapid-keys.json");
  expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  expect(localVapidKeys(dir)).toEqual(first);
  // The configuration check and web-push both take it.
  expect(() => readEnv({ NODE_ENV: "test", VAPID_PUBLIC_KEY: first.publicKey, VAPID_PRIVATE_KEY: first.privateKey } as NodeJS.ProcessEnv)).not.toThrow();
  const details = webpush.generateRequestDetails({ endpoint: "https://push.example.com/send/x", keys: { p256dh: "", auth: "" } }, null, {
    vapidDetails: { subject: "mailto:ops@agora.example", ...first },
  });
  expect(String(details.headers.Authorization)).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${first.publicKey}$`));
});

it("another data folder gets another pair", () => {
  const other = fs.mkdtempSync(path.join(os.tmpdir(), "agora-vapid-"));
  try {
    expect(localVapidKeys(other).publicKey).not.toBe(localVapidKeys(dir).publicKey);
  } finally {
    fs.rmSync(other, { recursive: true, force: true });
  }
});
