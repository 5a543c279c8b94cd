// Syntax highlighting for fenced code: highlight.js core with the languages members actually
// paste, so the bundle stays small and output is the same on the server and in the editor preview.
import hljs from "highlight.js/lib/core";
import bash from "highlight.js/lib/languages/bash";
import c from "highlight.js/lib/languages/c";
import cpp from "highlight.js/lib/languages/cpp";
import csharp from "highlight.js/lib/languages/csharp";
import css from "highlight.js/lib/languages/css";
import diff from "highlight.js/lib/languages/diff";
import dockerfile from "highlight.js/lib/languages/dockerfile";
import go from "highlight.js/lib/languages/go";
import graphql from "highlight.js/lib/languages/graphql";
import http from "highlight.js/lib/languages/http";
import ini from "highlight.js/lib/languages/ini";
import java from "highlight.js/lib/languages/java";
import javascript from "highlight.js/lib/languages/javascript";
import json from "highlight.js/lib/languages/json";
import kotlin from "highlight.js/lib/languages/kotlin";
import makefile from "highlight.js/lib/languages/makefile";
import markdown from "highlight.js/lib/languages/markdown";
import nginx from "highlight.js/lib/languages/nginx";
import php from "highlight.js/lib/languages/php";
import plaintext from "highlight.js/lib/languages/plaintext";
import python from "highlight.js/lib/languages/python";
import ruby from "highlight.js/lib/languages/ruby";
import rust from "highlight.js/lib/languages/rust";
import scss from "highlight.js/lib/languages/scss";
import shell from "highlight.js/lib/languages/shell";
import sql from "highlight.js/lib/languages/sql";
import swift from "highlight.js/lib/languages/swift";
import typescript from "highlight.js/lib/languages/typescript";
import xml from "highlight.js/lib/languages/xml";
import yaml from "highlight.js/lib/languages/yaml";

const languages = {
  bash, c, cpp, csharp, css, diff, dockerfile, go, graphql, http, ini, java, javascript, json, kotlin, makefile,
  markdown, nginx, php, plaintext, python, ruby, rust, scss, shell, sql, swift, typescript, xml, yaml,
};
for (const [name, definition] of Object.entries(languages)) hljs.registerLanguage(name, definition);
// Fence names people use that the grammars above do not already alias.
hljs.registerAliases(["tsx", "mts", "cts"], { languageName: "typescript" });
hljs.registerAliases(["jsx", "mjs", "cjs"], { languageName: "javascript" });
hljs.registerAliases(["postgres", "postgresql", "psql", "plpgsql"], { languageName: "sql" });
hljs.registerAliases(["toml"], { languageName: "ini" });
hljs.registerAliases(["golang"], { languageName: "go" });
hljs.registerAliases(["terminal"], { languageName: "shell" });

// Highlighting is linear but not cheap: very large blocks are shown as plain (escaped) text.
const MAX_HIGHLIGHT_LENGTH = 50_000;
// Auto-detection is only trusted when the best grammar is a clear match and beats the runner-up.
const MIN_AUTO_RELEVANCE = 5;
const AUTO_DETECT_SUBSET = [
  "javascript", "typescript", "python", "sql", "bash", "json", "css", "xml", "go", "rust", "java",
  "cpp", "csharp", "yaml", "dockerfile", "php", "ruby", "kotlin", "swift", "diff",
];

const escapeMap: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Escapes text for use inside HTML element content or a double-quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => escapeMap[ch]);
}

/** The canonical highlight.js language for a fence's info string, or null when it is not registered. */
export function resolveLanguage(info: string): string | null {
  const name = info.trim().split(/\s+/)[0]?.toLowerCase() ?? "";
  if (!name) return null;
  const language = hljs.getLanguage(name);
  if (!language) return null;
  // highlight.js keys languages by their registration name; find it back from the alias.
  return hljs.listLanguages().find((registered) => hljs.getLanguage(registered) === language) ?? null;
}

/**
 * Highlights a code block and returns HTML (escaped code with hljs spans) and the language used.
 * Without a known language it tries auto-detection over common languages and otherwise escapes.
 */
export function highlightCode(code: string, info: string): { html: string; language: string | null } {
  if (code.length > MAX_HIGHLIGHT_LENGTH) return { html: escapeHtml(code), language: resolveLanguage(info) };
  const language = resolveLanguage(info);
  if (language) {
    return { html: hljs.highlight(code, { language, ignoreIllegals: true }).value, language };
  }
  if (info.trim()) return { html: escapeHtml(code), language: null };
  const auto = hljs.highlightAuto(code, AUTO_DETECT_SUBSET);
  const clear = auto.relevance >= MIN_AUTO_RELEVANCE && auto.relevance > (auto.secondBest?.relevance ?? 0);
  if (auto.language && clear) return { html: auto.value, language: auto.language };
  return { html: escapeHtml(code), language: null };
}
