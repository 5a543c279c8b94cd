-- CreateTable
CREATE TABLE "email_tokens" (
    "id" SERIAL NOT NULL,
    "user_id" TEXT NOT NULL,
    "purpose" VARCHAR(20) NOT NULL,
    "token_hash" CHAR(64) NOT NULL,
    "email" VARCHAR(254) NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "used_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "email_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "email_tokens_token_hash_key" ON "email_tokens"("token_hash");

-- CreateIndex
CREATE INDEX "email_tokens_user_id_purpose_idx" ON "email_tokens"("user_id", "purpose");

-- CreateIndex
CREATE INDEX "email_tokens_expires_at_idx" ON "email_tokens"("expires_at");

-- AddForeignKey
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Members from before e-mail verification (docs/SECURITY.md, "E-mail you can trust"):
-- an account with a linked OAuth provider had its address vouched for by that provider (Agora
-- only ever created or linked accounts on a provider-verified address), so it counts as verified
-- from its creation. Password-only accounts never proved their address, and marking them
-- verified would let an address registered by someone else be joined by its owner's OAuth
-- sign-in: they stay unverified, keep reading and writing, and see the banner with "Resend".
-- The demo community's members (demo.agora.dev, which receives no mail) are verified.
UPDATE "users" u SET "email_verified_at" = u."created_at"
 WHERE u."email_verified_at" IS NULL AND u."deleted_at" IS NULL
   AND (EXISTS (SELECT 1 FROM "accounts" a WHERE a."user_id" = u."id") OR u."email" LIKE '%@demo.agora.dev');
