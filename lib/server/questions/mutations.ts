import "server-only";
import { renderMarkdown } from "@/lib/markdown/render";
import { forgetPopularTags, forgetTrending } from "@/lib/server/cache";
import { db, type Prisma } from "@/lib/server/db";
import type { Viewer } from "@/lib/server/policy";
import type { QuestionRef } from "@/lib/server/questions/queries";

/*
 * Question writes. Each runs in one transaction that also keeps the denormalized counters
 * exact: tags.question_count and groups.question_count count every question (private-group
 * ones included; readers subtract what a viewer may not see).
 */

/** What a new question is made of, once validated and its tags and group checked. */
export interface NewQuestion {
  title: string;
  description: string;
  tagIds: number[];
  groupId: number | null;
}

/**
 * Saves a question with its tags, bumps the tag and group counters, and records that its
 * automatic AI answer is owed (ai_answer_jobs, status pending); never waits for the AI.
 */
export async function createQuestion(author: Viewer, input: NewQuestion): Promise<{ id: number }> {
  const [question] = await db.$transaction([
    db.question.create({
      data: {
        title: input.title,
        description: input.description,
        descriptionHtml: renderMarkdown(input.description),
        authorId: author.id,
        groupId: input.groupId,
        tags: { create: input.tagIds.map((tagId) => ({ tagId })) },
        aiJob: { create: { status: "pending" } },
      },
      select: { id: true },
    }),
    db.tag.updateMany({ where: { id: { in: input.tagIds } }, data: { questionCount: { increment: 1 } } }),
    ...(input.groupId === null ? [] : [db.group.updateMany({ where: { id: input.groupId }, data: { questionCount: { increment: 1 } } })]),
  ]);
  forgetPopularTags();
  return question;
}

/** What an edit may change (SPEC.md section 5): title, description and tags. */
export interface QuestionChanges {
  title: string;
  description: string;
  tagIds: number[];
}

// Serializes writers of one question, so that concurrent edits and deletes keep counters exact.
async function lockQuestion(tx: Prisma.TransactionClient, id: number): Promise<boolean> {
  const rows = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM questions WHERE id = ${id} FOR UPDATE`;
  return rows.length > 0;
}

/** Changes a question's title, description and tags, moving the tag counters with the tags; false when it is gone. */
export async function updateQuestion(question: Pick<QuestionRef, "id">, changes: QuestionChanges): Promise<boolean> {
  const updated = await db.$transaction(async (tx) => {
    if (!(await lockQuestion(tx, question.id))) return false;
    const current = (await tx.questionTag.findMany({ where: { questionId: question.id }, select: { tagId: true } })).map((t) => t.tagId);
    const removed = current.filter((id) => !changes.tagIds.includes(id));
    const added = changes.tagIds.filter((id) => !current.includes(id));
    if (removed.length > 0) {
      await tx.questionTag.deleteMany({ where: { questionId: question.id, tagId: { in: removed } } });
      await tx.tag.updateMany({ where: { id: { in: removed } }, data: { questionCount: { decrement: 1 } } });
    }
    if (added.length > 0) {
      await tx.questionTag.createMany({ data: added.map((tagId) => ({ questionId: question.id, tagId })) });
      await tx.tag.updateMany({ where: { id: { in: added } }, data: { questionCount: { increment: 1 } } });
    }
    await tx.question.update({
      where: { id: question.id },
      data: {
        title: changes.title,
        description: changes.description,
        descriptionHtml: renderMarkdown(changes.description),
        lastActivityAt: new Date(),
      },
    });
    return true;
  });
  forgetPopularTags();
  forgetTrending();
  return updated;
}

/** Deletes a question with everything under it (answers, comments, votes, saves, views, its AI job) and lowers the counters. */
export async function deleteQuestion(question: Pick<QuestionRef, "id">): Promise<void> {
  await db.$transaction(async (tx) => {
    if (!(await lockQuestion(tx, question.id))) return;
    const row = await tx.question.findUniqueOrThrow({ where: { id: question.id }, select: { groupId: true, tags: { select: { tagId: true } } } });
    const tagIds = row.tags.map((t) => t.tagId);
    await tx.question.delete({ where: { id: question.id } });
    if (tagIds.length > 0) await tx.tag.updateMany({ where: { id: { in: tagIds } }, data: { questionCount: { decrement: 1 } } });
    if (row.groupId !== null) await tx.group.updateMany({ where: { id: row.groupId }, data: { questionCount: { decrement: 1 } } });
  });
  forgetPopularTags();
  forgetTrending();
}

/** Saves the question for the member; saving twice (or 50 times at once) leaves one row. */
export async function saveQuestion(viewer: Viewer, question: Pick<QuestionRef, "id">): Promise<boolean> {
  await db.savedQuestion.createMany({ data: [{ userId: viewer.id, questionId: question.id }], skipDuplicates: true });
  return true;
}

/** Removes the question from the member's saved list; removing an unsaved question changes nothing. */
export async function unsaveQuestion(viewer: Viewer, question: Pick<QuestionRef, "id">): Promise<boolean> {
  await db.savedQuestion.deleteMany({ where: { userId: viewer.id, questionId: question.id } });
  return false;
}
