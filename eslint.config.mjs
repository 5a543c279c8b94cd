import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTs,
  {
    // `const { omitted, ...rest } = row` is how an object is copied without a key.
    rules: { "@typescript-eslint/no-unused-vars": ["warn", { ignoreRestSiblings: true }] },
  },
  {
    ignores: ["node_modules/**", ".next/**", ".data/**", "lib/generated/**", "tests/artifacts/**", "next-env.d.ts"],
  },
];

export default config;
