import { defineConfig } from "prisma/config";

// process.env rather than env(): env() throws when DATABASE_URL is unset, which
// would break `prisma generate` in postinstall on a fresh checkout.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations", seed: "tsx scripts/db-seed.ts" },
  datasource: { url: process.env.DATABASE_URL ?? "" },
});
