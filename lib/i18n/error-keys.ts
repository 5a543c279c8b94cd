// The stable keys of the API's and the forms' error messages (issue 15). The English catalogue,
// messages/en/errors.json, maps each key to the exact English message (SPEC.md's wording) as an ICU
// template: "tooManyTags": "Please select at most {max} tags". matchErrorMessage reads an English
// message back into its key and arguments, so the API can send `key` and `params` next to the
// unchanged `message`, and the interface can show errors.<key> in the reader's language.
import english from "@/messages/en/errors.json";

/** A key of the error catalogue (messages/<language>/errors.json). */
export type ErrorKey = keyof typeof english;

/** The arguments of a message's template: a number where the template formats one ({max, number}). */
export type ErrorParams = Record<string, string | number>;

export interface ErrorMatch {
  key: ErrorKey;
  params: ErrorParams;
}

interface Template {
  key: ErrorKey;
  pattern: RegExp;
  names: { name: string; number: boolean }[];
  /** Characters of fixed text: the more, the more specific (tried first). */
  fixed: number;
}

// {name} or {name, number}: the only arguments the catalogue uses (no plural or select).
const ARGUMENT = /\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}/g;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** ICU's quoting: '' is one apostrophe (a lone apostrophe before plain text is itself). */
const unquote = (text: string) => text.replace(/''/g, "'");

/** A template as fixed text and arguments. */
type Part = string | { name: string; number: boolean };

/** An ICU template as the JSON file has it: `{name}` and `{name, number}` between fixed text. */
function rawParts(template: string): Part[] {
  const parts: Part[] = [];
  let last = 0;
  for (const match of template.matchAll(ARGUMENT)) {
    parts.push(unquote(template.slice(last, match.index)));
    parts.push({ name: match[1]!, number: match[2] === "number" });
    last = match.index + match[0].length;
  }
  parts.push(unquote(template.slice(last)));
  return parts;
}

/**
 * A template as the app's bundles have it: next-intl precompiles the catalogue at build time
 * (next.config.mjs, icu-minify's format: fixed text as strings, an argument as [name] or
 * [name, 4] for a number); null for anything else, which no error template uses.
 */
function compiledParts(template: unknown[]): Part[] | null {
  const parts: Part[] = [];
  for (const part of template) {
    if (typeof part === "string") parts.push(part);
    else if (Array.isArray(part) && typeof part[0] === "string" && (part.length === 1 || (part.length === 2 && part[1] === NUMBER_ARGUMENT))) {
      parts.push({ name: part[0], number: part.length === 2 });
    } else return null;
  }
  return parts;
}

/** icu-minify's type code of a `{name, number}` argument. */
const NUMBER_ARGUMENT = 4;

function compile(): { exact: Map<string, ErrorKey>; templates: Template[] } {
  const exact = new Map<string, ErrorKey>();
  const templates: Template[] = [];
  for (const [key, template] of Object.entries(english as Record<ErrorKey, unknown>) as [ErrorKey, unknown][]) {
    const parts = typeof template === "string" ? rawParts(template) : Array.isArray(template) ? compiledParts(template) : null;
    if (!parts) continue;
    const names: Template["names"] = [];
    let source = "";
    let fixed = 0;
    for (const part of parts) {
      if (typeof part === "string") {
        source += escapeRegExp(part);
        fixed += part.length;
      } else {
        names.push(part);
        // A formatted number ("30,000") or any text (a name, a date).
        source += part.number ? "(\\d[\\d,]*(?:\\.\\d+)?)" : "(.+?)";
      }
    }
    if (names.length === 0) {
      exact.set(parts.join(""), key);
      continue;
    }
    templates.push({ key, names, fixed, pattern: new RegExp(`^${source}$`, "s") });
  }
  templates.sort((a, b) => b.fixed - a.fixed);
  return { exact, templates };
}

let compiled: ReturnType<typeof compile> | undefined;

/**
 * The catalogue's key and arguments of an English error message, or null when the catalogue does
 * not know it. Exact messages first; then templates, the most specific (most fixed text) first.
 */
export function matchErrorMessage(message: string): ErrorMatch | null {
  compiled ??= compile();
  const key = compiled.exact.get(message);
  if (key) return { key, params: {} };
  for (const template of compiled.templates) {
    const found = template.pattern.exec(message);
    if (!found) continue;
    const params: ErrorParams = {};
    template.names.forEach(({ name, number }, index) => {
      const value = found[index + 1]!;
      params[name] = number ? Number(value.replace(/,/g, "")) : value;
    });
    return { key: template.key, params };
  }
  return null;
}

/** Whether a string is a key of the catalogue (a key the server sent may be newer than this client). */
export function isErrorKey(key: unknown): key is ErrorKey {
  return typeof key === "string" && Object.prototype.hasOwnProperty.call(english, key);
}
