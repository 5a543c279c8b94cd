import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import i18next from "eslint-plugin-i18next";

// Texts a member reads come from the message files (messages/<language>/*.json, issue 15): a
// literal in JSX text, in a human-readable attribute or in a toast is an error in the interface's
// code.
const uiFiles = ["app/**/*.tsx", "components/**/*.tsx"];
const readableAttributes = ["aria-label", "aria-description", "aria-valuetext", "placeholder", "title", "alt", "label", "description"];

const config = [
  ...nextVitals,
  ...nextTs,
  {
    // `const { omitted, ...rest } = row` is how an object is copied without a key.
    rules: { "@typescript-eslint/no-unused-vars": ["warn", { ignoreRestSiblings: true }] },
  },
  {
    files: uiFiles,
    plugins: { i18next },
    rules: {
      "i18next/no-literal-string": [
        "error",
        {
          mode: "jsx-only",
          "jsx-attributes": { include: readableAttributes },
          // Punctuation, symbols, numbers and separators are no words.
          words: { exclude: ["^[\\s0-9!-/:-@[-`{-~·…—–−×‹›«»“”‘’•→←↑↓✓✕]+$"] },
        },
      ],
    },
  },
  {
    // Toasts (SPEC.md section 8) are written wherever a mutation ends, hooks of lib/api-client included.
    files: [...uiFiles, "lib/api-client/**/*.ts", "lib/api-client/**/*.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "CallExpression:matches([callee.object.name='toast'], [callee.name=/^toast(Success|Error|MutationError)$/]) > :matches(Literal[value=/[A-Za-z]/], TemplateLiteral)",
          message: "A toast's text comes from the message files (useTranslations).",
        },
      ],
    },
  },
  {
    ignores: ["node_modules/**", ".next/**", ".data/**", "scripts/bench/floor-app/**", "lib/generated/**", "tests/artifacts/**", "next-env.d.ts"],
  },
];

export default config;
