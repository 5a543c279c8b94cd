import "@testing-library/jest-dom";
import { workerDatabaseUrl } from "./worker-database";

// Each worker uses its own copy of the migrated database (global-setup.ts).
if (process.env.AGORA_TEST_WORKER_DATABASES && process.env.DATABASE_URL && !process.env.AGORA_TEST_BASE_DATABASE_URL) {
  process.env.AGORA_TEST_BASE_DATABASE_URL = process.env.DATABASE_URL;
  process.env.DATABASE_URL = workerDatabaseUrl(process.env.DATABASE_URL, process.env.JEST_WORKER_ID ?? "1");
}
