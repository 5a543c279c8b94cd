-- CreateTable
CREATE TABLE "moderation_audit" (
    "id" SERIAL NOT NULL,
    "actor_id" TEXT,
    "action" VARCHAR(50) NOT NULL,
    "target_type" VARCHAR(20) NOT NULL,
    "target_id" VARCHAR(64) NOT NULL,
    "reason" VARCHAR(1000),
    "details" JSONB,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "moderation_audit_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "moderation_audit_created_at_id_idx" ON "moderation_audit"("created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "moderation_audit_target_type_target_id_idx" ON "moderation_audit"("target_type", "target_id");

-- AddForeignKey
ALTER TABLE "moderation_audit" ADD CONSTRAINT "moderation_audit_actor_id_fkey" FOREIGN KEY ("actor_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
