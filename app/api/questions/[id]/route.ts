import { getViewer, requireViewer } from "@/lib/server/auth/session";
import { handler, idParam, readJson } from "@/lib/server/http";
import { authorize } from "@/lib/server/policy";
import { deleteQuestion, updateQuestion } from "@/lib/server/questions/mutations";
import { presentQuestionDetail } from "@/lib/server/questions/presenters";
import {
  QUESTION_NOT_FOUND,
  getQuestionDetailOrThrow,
  getQuestionOrThrow,
  listChosenTagsOrThrow,
} from "@/lib/server/questions/queries";
import { recordQuestionView } from "@/lib/server/questions/views";
import { questionUpdateSchema } from "@/lib/validation/questions";
import { kickEmbeddingWorker } from "@/lib/server/similar/embeddings";
import { auditStaffDeletion } from "@/lib/server/moderation/actions";

/** A question body is at most 20,000 characters of description, up to 4 bytes each, plus a little. */
const MAX_QUESTION_BYTES = 96 * 1024;

// GET /api/questions/:id - a question with its answers and comments; counts a view (once an hour, never the author's)
export const GET = handler(async (req, ctx) => {
  const viewer = await getViewer(req);
  const id = idParam((await ctx.params).id, QUESTION_NOT_FOUND); // 404
  const question = await getQuestionDetailOrThrow(id, viewer); // 404, also when hidden
  const viewCount = await recordQuestionView(question, viewer, req);
  return Response.json(presentQuestionDetail({ ...question, viewCount }, viewer));
});

// PUT /api/questions/:id - edit a question's title, description and tags (the author, 1,000 reputation or staff; others suggest an edit); kept as a new revision
export const PUT = handler(async (req, ctx) => {
  const viewer = await requireViewer(req); // 401
  const id = idParam((await ctx.params).id, QUESTION_NOT_FOUND); // 404
  const input = questionUpdateSchema.parse(await readJson(req, MAX_QUESTION_BYTES)); // 400
  const question = await getQuestionOrThrow(id, viewer); // 404
  authorize(viewer, "question.edit", question); // 403
  const tags = await listChosenTagsOrThrow(input.tagIds); // 400 when none exists
  await updateQuestion(question, { ...input, tagIds: tags.map((t) => t.id) }, { editorId: viewer.id, summary: input.summary });
  kickEmbeddingWorker(); // a changed title or description owes a new embedding (issue 17; nothing without AI_EMBEDDING_MODEL)
  const updated = await getQuestionDetailOrThrow(id, viewer); // 404 if deleted meanwhile
  return Response.json(presentQuestionDetail(updated, viewer));
});

// DELETE /api/questions/:id - delete a question and everything under it (its author, or a moderator or admin: audited)
export const DELETE = handler(async (req, ctx) => {
  const viewer = await requireViewer(req); // 401
  const id = idParam((await ctx.params).id, QUESTION_NOT_FOUND); // 404
  const question = await getQuestionOrThrow(id, viewer); // 404
  authorize(viewer, "question.delete", question); // 403
  await deleteQuestion(question);
  await auditStaffDeletion(viewer, { type: "question", id: question.id, authorId: question.authorId });
  return new Response(null, { status: 204 });
});
