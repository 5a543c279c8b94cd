-- Similar questions (issue 17, lib/server/similar): trigram similarity of titles. pg_trgm ships
-- with PostgreSQL's contrib modules (the embedded server has it); schema.prisma declares only the index.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateIndex
CREATE INDEX "questions_title_trgm_idx" ON "questions" USING GIN ("title" gin_trgm_ops);
