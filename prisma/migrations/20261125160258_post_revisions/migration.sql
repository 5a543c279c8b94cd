-- AlterTable
ALTER TABLE "answers" ADD COLUMN     "edited_at" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "questions" ADD COLUMN     "edited_at" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "question_revisions" (
    "id" SERIAL NOT NULL,
    "question_id" INTEGER NOT NULL,
    "number" INTEGER NOT NULL,
    "title" VARCHAR(200) NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "tags" TEXT[],
    "editor_id" TEXT NOT NULL,
    "summary" VARCHAR(200),
    "rollback_of" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "question_revisions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "answer_revisions" (
    "id" SERIAL NOT NULL,
    "answer_id" INTEGER NOT NULL,
    "number" INTEGER NOT NULL,
    "content" TEXT NOT NULL,
    "editor_id" TEXT NOT NULL,
    "summary" VARCHAR(200),
    "rollback_of" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "answer_revisions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "question_revisions_editor_id_idx" ON "question_revisions"("editor_id");

-- CreateIndex
CREATE UNIQUE INDEX "question_revisions_question_id_number_key" ON "question_revisions"("question_id", "number");

-- CreateIndex
CREATE INDEX "answer_revisions_editor_id_idx" ON "answer_revisions"("editor_id");

-- CreateIndex
CREATE UNIQUE INDEX "answer_revisions_answer_id_number_key" ON "answer_revisions"("answer_id", "number");

-- AddForeignKey
ALTER TABLE "question_revisions" ADD CONSTRAINT "question_revisions_question_id_fkey" FOREIGN KEY ("question_id") REFERENCES "questions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "question_revisions" ADD CONSTRAINT "question_revisions_editor_id_fkey" FOREIGN KEY ("editor_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "answer_revisions" ADD CONSTRAINT "answer_revisions_answer_id_fkey" FOREIGN KEY ("answer_id") REFERENCES "answers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "answer_revisions" ADD CONSTRAINT "answer_revisions_editor_id_fkey" FOREIGN KEY ("editor_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Every existing post gets its revision 1: the current text, by its author, at its creation time
-- (edits before this migration were not kept, so revision 1 is the post as it stands).
INSERT INTO "question_revisions" ("question_id", "number", "title", "description", "tags", "editor_id", "created_at")
SELECT q."id", 1, q."title", q."description",
       COALESCE((SELECT array_agg(t."name" ORDER BY qt."id") FROM "question_tags" qt JOIN "tags" t ON t."id" = qt."tag_id" WHERE qt."question_id" = q."id"), ARRAY[]::TEXT[]),
       q."author_id", q."created_at"
  FROM "questions" q;

INSERT INTO "answer_revisions" ("answer_id", "number", "content", "editor_id", "created_at")
SELECT a."id", 1, a."content", a."author_id", a."created_at"
  FROM "answers" a;
