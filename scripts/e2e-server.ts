// The server the end-to-end tests run against: a production build on its own embedded
// database in a temporary directory, freshly seeded, on PORT (default 3100). AI answers come
// from a loopback OpenAI-compatible fake (tests/support/fake-openai.ts), a little slowly so
// the page's streaming shows; it cites source [1] whenever it was given one, and answers with a
// chosen text, quickly, when the prompt carries a reply marker (replyMarker in tests/support/fake-openai.ts).
// Its embeddings (a hashed bag of words) re-rank similar questions, and it coaches drafts.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { runAgora } from "./lib/run-agora";
import { startFakeOpenAI, type ChatRequestBody } from "../tests/support/fake-openai";

// Each test arrives from its own client address in X-Forwarded-For (tests/e2e/support.ts), as
// through one proxy: trust that one hop, so per-IP limits apply per simulated visitor.
process.env.TRUST_PROXY = "1";

// Push notifications (issue 15): the tests' push service is a loopback fake (tests/e2e/push-notifications.spec.ts),
// on plain http; a real server accepts only https push services on public hosts.
process.env.AGORA_PUSH_ALLOW_LOOPBACK = "1";

// The tests never touch a database the developer configured.
delete process.env.DATABASE_URL;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agora-e2e-"));
fs.chmodSync(dataDir, 0o755);
// Where the tests find the server's data (the .eml files of its mail outbox, tests/e2e/email-trust.spec.ts).
const pointer = path.join(os.tmpdir(), `agora-e2e-${Number(process.env.E2E_PORT ?? 3100)}.datadir`);
fs.writeFileSync(pointer, dataDir);
process.on("exit", () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(pointer, { force: true });
});

async function main() {
  // Revisions of the automatic answer (issue 16) wait a few seconds before their first token, so
  // the question page's "Being revised…" state can be seen; a moderator's request is answered
  // "unchanged", community corrections with a revised answer.
  const isRevision = (body: ChatRequestBody) => JSON.stringify(body.messages ?? []).includes("<previous_answer>");
  const fake = await startFakeOpenAI({
    tokenDelayMs: 40,
    firstTokenDelayMs: (body) => (isRevision(body) ? 5_000 : 0),
    reply: (body) => {
      // The spam classifier (lib/server/spam/classify.ts) gets a verdict: nothing the e2e members write is spam.
      if (JSON.stringify(body.messages ?? []).includes("You are the spam filter of Agora")) return '{"spam": false, "reason": "e2e"}';
      // Draft coaching (lib/server/ai/coach.ts) gets two short suggestions.
      if (JSON.stringify(body.messages ?? []).includes("write a clear question before they post it")) {
        return "- Say which version you run and what you expected to happen.\n- Paste the exact output you see, as text.";
      }
      if (isRevision(body)) {
        if (JSON.stringify(body.messages ?? []).includes("moderator_request")) return "UNCHANGED: Strict mode runs effects twice only in development, which the answer already explains.";
        return [
          "CHANGED: Explained why strict mode runs the effect twice and added the cleanup that aborts the first request.",
          "",
          "In development, React's **strict mode** mounts every component twice, so the effect runs twice on purpose. Return a cleanup function that aborts the first request:",
          "",
          "```js\nuseEffect(() => {\n  const controller = new AbortController();\n  fetch(url, { signal: controller.signal });\n  return () => controller.abort();\n}, [url]);\n```",
          "",
          "In production the effect runs once.",
        ].join("\n");
      }
      const cites = JSON.stringify(body.messages ?? []).includes('<source id=\\"1\\"');
      return `Keep the value in **a ref**${cites ? " as the community explained [1]" : ""}.\n\n\`\`\`js\nconst ref = useRef(0);\n\`\`\`\n\nThat way it survives re-renders.`;
    },
  });
  // The app server inherits these; the start-up line names the fake provider.
  process.env.OPENAI_BASE_URL = fake.url;
  process.env.AI_MODEL = "e2e-fake-model";
  // Similar questions are re-ranked with the fake's deterministic embeddings (issue 17): the embedding path runs end to end.
  process.env.AI_EMBEDDING_MODEL = "e2e-fake-embedding";
  delete process.env.OPENAI_API_KEY;
  await runAgora({ dataDir, port: Number(process.env.E2E_PORT ?? 3100), dev: false, freshSeed: true });
}

void main();
