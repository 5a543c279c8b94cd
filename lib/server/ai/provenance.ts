import "server-only";
import crypto from "node:crypto";
import zlib from "node:zlib";
import { authSecret } from "@/lib/server/auth/session";
import { db } from "@/lib/server/db";
import { answerSelect, type AnswerRow, type AnswerSourceJson } from "@/lib/server/answers/presenters";

/*
 * A preview's provenance travels with it to the browser and back, signed, so that posting the
 * previewed answer (POST /api/questions/{id}/answers with aiProvenance) can record the model,
 * prompt, sources, usage and time without the server keeping any state between the two calls.
 * It binds the member, the question, the prompt and the exact content: an edited text, another
 * member or another question gets no provenance. It holds nothing the member may not see (the
 * user message of the prompt, never the instructions).
 */

/** What an AI answer records about how it was made (stored on the answer). */
export interface AiProvenance {
  model: string;
  prompt: string;
  sources: AnswerSourceJson[];
  inputTokens: number | null;
  outputTokens: number | null;
  durationMs: number;
}

interface Payload extends AiProvenance {
  v: 1;
  questionId: number;
  userId: string;
  customPrompt: string;
  contentSha256: string;
  exp: number;
}

/** How long a preview can wait before being posted with its provenance. */
export const PROVENANCE_TTL_MS = 24 * 60 * 60_000;

const sha256 = (text: string) => crypto.createHash("sha256").update(text.trim()).digest("base64url");
const key = () => crypto.createHmac("sha256", authSecret()).update("agora:ai-provenance:v1").digest();
const sign = (body: string) => crypto.createHmac("sha256", key()).update(body).digest("base64url");

/** A signed token carrying a preview's provenance, bound to the member, question, prompt and content. */
export function signProvenance(binding: { questionId: number; userId: string; customPrompt: string; content: string }, provenance: AiProvenance): string {
  const payload: Payload = {
    v: 1,
    questionId: binding.questionId,
    userId: binding.userId,
    customPrompt: binding.customPrompt.trim(),
    contentSha256: sha256(binding.content),
    exp: Date.now() + PROVENANCE_TTL_MS,
    ...provenance,
  };
  const body = zlib.deflateRawSync(Buffer.from(JSON.stringify(payload))).toString("base64url");
  return `${body}.${sign(body)}`;
}

/** The provenance in a token when it is genuine, unexpired and made for exactly this post; otherwise null. */
export function verifyProvenance(
  token: string | null | undefined,
  binding: { questionId: number; userId: string; customPrompt: string | null; content: string },
): AiProvenance | null {
  if (!token || binding.customPrompt === null) return null;
  const [body, mac] = token.split(".");
  if (!body || !mac) return null;
  const expected = Buffer.from(sign(body));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  let payload: Payload;
  try {
    payload = JSON.parse(zlib.inflateRawSync(Buffer.from(body, "base64url"), { maxOutputLength: 1 << 20 }).toString("utf8")) as Payload;
  } catch {
    return null;
  }
  if (
    payload.v !== 1 ||
    payload.exp < Date.now() ||
    payload.questionId !== binding.questionId ||
    payload.userId !== binding.userId ||
    payload.customPrompt !== binding.customPrompt.trim() ||
    payload.contentSha256 !== sha256(binding.content)
  ) {
    return null;
  }
  const { model, prompt, sources, inputTokens, outputTokens, durationMs } = payload;
  return { model, prompt, sources, inputTokens, outputTokens, durationMs };
}

/** Records a verified preview's provenance on the answer just posted from it, and returns the answer as stored. */
export async function recordAiProvenance(answer: Pick<AnswerRow, "id" | "updatedAt">, ai: AiProvenance): Promise<AnswerRow> {
  return db.answer.update({
    where: { id: answer.id },
    data: {
      aiModel: ai.model.slice(0, 200),
      aiPrompt: ai.prompt,
      aiSources: ai.sources.map((s) => ({ id: s.id, type: s.type, title: s.title, url: s.url })),
      aiInputTokens: ai.inputTokens,
      aiOutputTokens: ai.outputTokens,
      aiDurationMs: ai.durationMs,
      updatedAt: answer.updatedAt, // not an edit
    },
    select: answerSelect,
  });
}
