// The type of next.config.mjs, for the tests that read it (tests/unit/config/proxy-matcher.test.ts).
import type { NextConfig } from "next";

declare const config: NextConfig;
export default config;
