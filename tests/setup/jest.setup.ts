import "@testing-library/jest-dom";
import { workerDatabaseUrl } from "./worker-database";

// Each worker uses its own copy of the migrated database (global-setup.ts).
if (process.env.AGORA_TEST_WORKER_DATABASES && process.env.DATABASE_URL && !process.env.AGORA_TEST_BASE_DATABASE_URL) {
  process.env.AGORA_TEST_BASE_DATABASE_URL = process.env.DATABASE_URL;
  process.env.DATABASE_URL = workerDatabaseUrl(process.env.DATABASE_URL, process.env.JEST_WORKER_ID ?? "1");
}

// Components translate their texts with next-intl (issue 15): every render and renderHook gets the
// English messages, inside any wrapper the test passes. A test of another language nests its own
// provider (tests/support/intl.tsx), which wins.
jest.mock("@testing-library/react", () => {
  const actual = jest.requireActual("@testing-library/react");
  const { withIntl } = jest.requireActual("../support/intl");
  return {
    ...actual,
    render: (ui: unknown, options: { wrapper?: unknown } = {}) => actual.render(ui, { ...options, wrapper: withIntl(options.wrapper) }),
    renderHook: (hook: unknown, options: { wrapper?: unknown } = {}) => actual.renderHook(hook, { ...options, wrapper: withIntl(options.wrapper) }),
  };
});
