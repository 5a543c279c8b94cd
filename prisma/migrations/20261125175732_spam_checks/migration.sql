-- CreateTable
CREATE TABLE "spam_checks" (
    "id" SERIAL NOT NULL,
    "target_type" VARCHAR(20) NOT NULL,
    "target_id" INTEGER NOT NULL,
    "author_id" TEXT,
    "status" VARCHAR(20) NOT NULL DEFAULT 'pending',
    "verdict" VARCHAR(20),
    "source" VARCHAR(40),
    "reason" VARCHAR(1000),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "locked_until" TIMESTAMP(3),
    "last_error" VARCHAR(1000),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "spam_checks_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "spam_checks_status_created_at_idx" ON "spam_checks"("status", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "spam_checks_target_type_target_id_key" ON "spam_checks"("target_type", "target_id");
