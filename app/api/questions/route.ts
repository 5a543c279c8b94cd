import { getViewer, requireViewer } from "@/lib/server/auth/session";
import { getGroupOrThrow, withGroupIds } from "@/lib/server/groups/queries";
import { handler, readJson } from "@/lib/server/http";
import { pageResponse } from "@/lib/server/pagination";
import { authorize } from "@/lib/server/policy";
import { adoptDraftAnswer, holdForDraftAnswer } from "@/lib/server/ai/draft-answers";
import { kickAiWorker } from "@/lib/server/ai/worker";
import { kickEmbeddingWorker } from "@/lib/server/similar/embeddings";
import { createQuestion } from "@/lib/server/questions/mutations";
import { presentQuestionDetail, presentQuestionSummary } from "@/lib/server/questions/presenters";
import { countQuestions, getQuestionDetailOrThrow, listChosenTagsOrThrow, listQuestions } from "@/lib/server/questions/queries";
import { chargeInOrder } from "@/lib/server/rate-limit";
import { screenNewPost } from "@/lib/server/spam/check";
import { screenCreatedQuestion } from "@/lib/server/spam/limits";
import { draftAnswerRefSchema } from "@/lib/validation/ai";
import { questionCreateSchema, questionListQuerySchema, searchParamsOf } from "@/lib/validation/questions";

/** A question body is at most 20,000 characters of description, up to 4 bytes each, plus a little. */
const MAX_QUESTION_BYTES = 96 * 1024;

// GET /api/questions - list questions the viewer may see (sort, tag, answers; keyset pages)
export const GET = handler(async (req) => {
  const viewer = await getViewer(req);
  const query = questionListQuerySchema.parse(searchParamsOf(req.url)); // 400
  const [page, total] = await Promise.all([listQuestions(viewer, query), countQuestions(viewer, query)]);
  return pageResponse(page.rows.map((row) => presentQuestionSummary(row, viewer)), { nextCursor: page.nextCursor, total });
});

// POST /api/questions - ask a question; its AI answer is owed, never waited for (or, with draftAnswerId, the one written for the draft)
export const POST = handler(async (req) => {
  const viewer = await requireViewer(req); // 401
  const body = await readJson(req, MAX_QUESTION_BYTES);
  const input = questionCreateSchema.parse(body); // 400 with SPEC.md's messages
  const { draftAnswerId } = draftAnswerRefSchema.parse(body); // malformed: ignored
  const tags = await listChosenTagsOrThrow(input.tagIds); // 400 when none exists
  const group = input.groupId === null ? null : await getGroupOrThrow(input.groupId); // 404
  authorize(viewer, "question.create");
  if (group) authorize(await withGroupIds(viewer), "group.post", group); // 403 outside the group
  // New members: at most 2 links (400); below trust level 2: the spam check (acted on once the question exists).
  const { screening } = await screenNewPost(viewer, { type: "question", title: input.title, text: input.description });
  // One statement: the daily limit checked, then 15 s apart and 20 a day charged in that order (429).
  await chargeInOrder(viewer.id, { check: ["questionDaily"], spend: ["questionInterval", "questionDaily"] });
  // The AI answer to this very draft, if the member asked for one: the job starts held for it (issue 17).
  const held = await holdForDraftAnswer(draftAnswerId, viewer.id, input);
  // One statement as well, returning what the 201 shows (the question as its author reads it).
  const question = await createQuestion(viewer, { title: input.title, description: input.description, tags, group }, held);
  const adopted = held !== null && (await adoptDraftAnswer(question.id, held, draftAnswerId!, viewer.id, input));
  await screenCreatedQuestion(question, viewer.id, screening); // spam: hidden at once; owed to the model: classified after the response
  if (!adopted) kickAiWorker(); // writes the owed AI answer (and embedding) after the response, never making the asker wait
  else kickEmbeddingWorker(); // the question's embedding for similar questions (issue 17; nothing without AI_EMBEDDING_MODEL)
  const shown = adopted ? await getQuestionDetailOrThrow(question.id, viewer) : question;
  return Response.json(presentQuestionDetail(shown, viewer), {
    status: 201,
    headers: draftAnswerId ? { "X-Agora-Draft-Answer": adopted ? "used" : "ignored" } : undefined,
  });
});
