-- AlterTable
ALTER TABLE "answers" ADD COLUMN     "verdict_correct" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "verdict_incorrect" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "answer_verifications" (
    "id" SERIAL NOT NULL,
    "answer_id" INTEGER NOT NULL,
    "member_id" TEXT NOT NULL,
    "verdict" VARCHAR(10) NOT NULL,
    "reason" VARCHAR(500),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "answer_verifications_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "answer_verifications_member_id_idx" ON "answer_verifications"("member_id");

-- CreateIndex
CREATE UNIQUE INDEX "answer_verifications_answer_id_member_id_key" ON "answer_verifications"("answer_id", "member_id");

-- AddForeignKey
ALTER TABLE "answer_verifications" ADD CONSTRAINT "answer_verifications_answer_id_fkey" FOREIGN KEY ("answer_id") REFERENCES "answers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "answer_verifications" ADD CONSTRAINT "answer_verifications_member_id_fkey" FOREIGN KEY ("member_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Verdicts show on the question page (counts, status, reasons): the visitors' page cache of the
-- answer's question is dropped on every change, as for comments (same function: it reads answer_id).
CREATE TRIGGER answer_verifications_page_cache AFTER INSERT OR UPDATE OR DELETE ON answer_verifications
  FOR EACH ROW EXECUTE FUNCTION agora_page_cache_comments();
