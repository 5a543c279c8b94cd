// Which messages each page's client components use (issue 18): read from the sources by following
// imports from a page or layout to every "use client" module and the modules those import, and
// collecting, per namespace, the keys their translators are called with. `npm run i18n:scopes`
// writes the result to messages/scopes.generated.ts; tests/unit/i18n/scopes.test.ts checks that
// file is current, so a component that starts using a text cannot ship without it.
//
// Keys are read conservatively: `t("a.b")` keeps that text, `t(\`status.${s}\`)` keeps everything
// under `status`, and a translator used any other way (a key held in a variable, the translator
// handed to a function or a prop) keeps its whole namespace. Sending a text too many is harmless;
// sending one too few shows its key instead (and the e2e suites' console checks report it).
// What it does not see, and nothing writes today: a choice whose branch is an expression
// (`t(c ? "a" : "b" + x)`), a translator inside an array handed to a function as its last
// argument (`fn(x, [t])`, taken for a hook's dependency list), and code after a string holding
// "/*" (comments are stripped without reading strings). tests/unit/components/page-messages-sent.test.tsx
// renders the main pages with exactly what they send.
import fs from "node:fs";
import path from "node:path";

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["']([^"']+)["']/g;
/** A translator: `const t = useTranslations("namespace.sub")`. */
const TRANSLATOR = /\bconst\s+(\w+)\s*=\s*useTranslations\s*\(\s*(?:["'`]([\w.]+)["'`])?\s*\)/g;
const TRANSLATIONS = /\buseTranslations\s*\(\s*(?:["'`]([\w.]+)["'`])?\s*[,)]/g;
const EXTENSIONS = [".tsx", ".ts", "/index.tsx", "/index.ts"];

/** Everything under a namespace. */
export const WHOLE = "*";
/** Per namespace, the key paths used (each keeps its subtree), or WHOLE. */
export type Selection = Record<string, string[] | typeof WHOLE>;

export interface Scopes {
  /** What the root layout's client components use: sent with every page. */
  shell: Selection;
  /** Per page or not-found file (path from the project's root): what it adds to the shell's. */
  pages: Record<string, Selection>;
}

interface Module {
  file: string;
  client: boolean;
  imports: string[];
  /** null: useTranslations() without a namespace (all of them; allowed in server components only). */
  namespaces: (string | null)[];
  /** What its translators are called with. */
  uses: Selection;
  /** Namespaces of useTranslations calls that are not a `const x = useTranslations("…")` declaration. */
  unbound: string[];
}

function resolveImport(root: string, from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("@/")) base = path.join(root, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return null;
  if (/\.(tsx?|json|css)$/.test(base)) return fs.existsSync(base) && /\.tsx?$/.test(base) ? base : null;
  for (const ext of EXTENSIONS) if (fs.existsSync(base + ext)) return base + ext;
  return null;
}

/** Adds `paths` (or WHOLE) under `namespace` to a selection. */
function add(selection: Selection, namespace: string, paths: string[] | typeof WHOLE): void {
  const had = selection[namespace];
  if (had === WHOLE) return;
  if (paths === WHOLE) selection[namespace] = WHOLE;
  else selection[namespace] = [...new Set([...(had ?? []), ...paths])];
}

/** `ns.sub` + `key` as namespace and path; an empty key is the translator's whole subtree. */
function qualify(translatorNamespace: string, key: string): { namespace: string; path: string | null } {
  const [namespace, ...sub] = translatorNamespace.split(".");
  const full = [...sub, ...(key ? [key] : [])].join(".");
  return { namespace: namespace!, path: full || null };
}

/** The first argument's source text, from just after `(` to its top-level `,` or `)`. */
function firstArgument(code: string, from: number): string {
  let depth = 0;
  for (let i = from; i < code.length; i++) {
    const c = code[i]!;
    if (c === '"' || c === "'" || c === "`") {
      const quote = c;
      for (i++; i < code.length && code[i] !== quote; i++) if (code[i] === "\\") i++;
      continue;
    }
    if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") {
      if (depth === 0) return code.slice(from, i);
      depth--;
    } else if (c === "," && depth === 0) return code.slice(from, i);
  }
  return code.slice(from);
}

const LITERAL = /^\s*(["'])([\w.]+)\1\s*$/;
const TEMPLATE = /^\s*`([\w.]*)\$\{/;
const STRING = /(["'])((?:\\.|(?!\1).)*)\1/g;

/** The keys a call's first argument names: a list, a subtree (a template's fixed prefix), or null for "any key". */
function keysOf(argument: string): string[] | null {
  const literal = LITERAL.exec(argument);
  if (literal) return [literal[2]!];
  const template = TEMPLATE.exec(argument);
  if (template) {
    const prefix = template[1]!.slice(0, template[1]!.lastIndexOf(".") + 1).replace(/\.$/, "");
    return prefix ? [prefix] : null;
  }
  // A choice between fixed keys (`own ? "a" : "b"`, nested too): every branch must be a literal;
  // then every literal in it is taken (the condition's too, which is harmless).
  if (argument.includes("?") && !argument.includes("`")) {
    const blanked = argument.replace(STRING, (m) => `"${"_".repeat(m.length - 2)}"`);
    const branches = [...blanked.matchAll(/[?:]/g)].map((m) => blanked.slice(m.index! + 1).trimStart()[0]);
    if (branches.length > 0 && branches.every((c) => c === '"')) {
      return [...argument.matchAll(STRING)].map((m) => m[2]!).filter((key) => /^[\w.]+$/.test(key));
    }
  }
  return null;
}

/** What each translator of a module's code is called with. */
function translatorUses(code: string): Selection {
  const uses: Selection = {};
  const bindings = new Map<string, string[]>();
  for (const m of code.matchAll(TRANSLATOR)) {
    if (!m[2]) continue; // no namespace: refused below for client code
    bindings.set(m[1]!, [...(bindings.get(m[1]!) ?? []), m[2]]);
  }
  for (const [name, namespaces] of bindings) {
    // Not part of a longer name, a property or a class name ("border-t").
    const occurrence = new RegExp(`(?<![\\w.$-])${name}\\b`, "g");
    for (const m of code.matchAll(occurrence)) {
      const at = m.index!;
      const rest = code.slice(at + name.length, at + name.length + 12);
      if (/^\s*=\s*useTranslations/.test(code.slice(at + name.length, at + name.length + 40))) continue; // the declaration
      if (/^\s*[\],]/.test(rest) && /[[,]\s*$/.test(code.slice(Math.max(0, at - 200), at)) && isDependencyList(code, at)) continue;
      // Another binding of the same name: an arrow's parameter (`(t) => t.id`) and its properties.
      if (/^\s*\)\s*=>/.test(rest) || /^\.(?!(?:rich|markup|has|raw)\b)\w/.test(rest)) continue;
      const call = /^(?:\.(?:rich|markup|has|raw))?\s*\(/.exec(rest);
      const keys = call ? keysOf(firstArgument(code, at + name.length + call[0].length)) : null;
      for (const ns of namespaces) {
        if (keys === null) {
          const { namespace, path: sub } = qualify(ns, "");
          add(uses, namespace, sub === null ? WHOLE : [sub]);
        } else {
          for (const key of keys) {
            const { namespace, path: full } = qualify(ns, key);
            add(uses, namespace, full === null ? WHOLE : [full]);
          }
        }
      }
    }
  }
  return uses;
}

/** Whether the occurrence at `at` sits in a hook's dependency list (`[a, t]` closing a useMemo/useCallback/useEffect call). */
function isDependencyList(code: string, at: number): boolean {
  const open = code.lastIndexOf("[", at);
  const close = code.indexOf("]", at);
  if (open < 0 || close < 0) return false;
  const list = code.slice(open + 1, close);
  return /,\s*$/.test(code.slice(Math.max(0, open - 20), open)) && /^[\w\s.,?]*$/.test(list) && /^\s*\)/.test(code.slice(close + 1, close + 20));
}

/** Reads the project's modules as they are needed, each once. */
function moduleReader(root: string) {
  const cache = new Map<string, Module>();
  return (file: string): Module => {
    let mod = cache.get(file);
    if (mod) return mod;
    const source = fs.readFileSync(file, "utf8");
    const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:])\/\/.*$/gm, "$1");
    const client = /^\s*(?:\/\/[^\n]*\n\s*)*["']use client["']/.test(source);
    const imports = [...code.matchAll(IMPORT)].map((m) => resolveImport(root, file, m[1]!)).filter((f): f is string => f !== null);
    const namespaces = [...code.matchAll(TRANSLATIONS)].map((m) => m[1]?.split(".")[0] ?? null);
    const bound = [...code.matchAll(TRANSLATOR)].map((m) => m[2]?.split(".")[0]).filter((ns): ns is string => Boolean(ns));
    const unbound = namespaces.filter((ns): ns is string => ns !== null);
    for (const ns of bound) unbound.splice(unbound.indexOf(ns), 1);
    mod = { file: path.relative(root, file), client, imports, namespaces, uses: translatorUses(code), unbound };
    cache.set(file, mod);
    return mod;
  };
}

/** What client code reachable from `entry` uses (a module is client code once a "use client" module imports it). */
function usesFrom(entry: string, read: (file: string) => Module): Selection {
  const found: Selection = {};
  const seen = new Set<string>();
  const visit = (file: string, client: boolean) => {
    const key = `${client}:${file}`;
    if (seen.has(key)) return;
    seen.add(key);
    const mod = read(file);
    const isClient = client || mod.client;
    if (isClient) {
      for (const ns of mod.namespaces) {
        if (ns === null) throw new Error(`${mod.file}: a client component's useTranslations() needs its namespace written out, so its texts can be sent with the pages that use it`);
      }
      for (const [ns, paths] of Object.entries(mod.uses)) add(found, ns, paths);
      // A translator this reader could not follow (not `const x = useTranslations("…")`) keeps its namespace whole.
      for (const ns of mod.unbound) add(found, ns, WHOLE);
    }
    for (const next of mod.imports) visit(next, isClient);
  };
  visit(entry, false);
  return found;
}

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else out.push(full);
  }
  return out;
}

/** Whether `path` (or a parent of it) is among `paths`. */
function covered(paths: string[] | typeof WHOLE | undefined, key: string): boolean {
  if (paths === undefined) return false;
  if (paths === WHOLE) return true;
  return paths.some((p) => key === p || key.startsWith(`${p}.`));
}

/** A selection in a stable order, each path once and none under another. */
function normalise(selection: Selection): Selection {
  const out: Selection = {};
  for (const ns of Object.keys(selection).sort()) {
    const paths = selection[ns]!;
    if (paths === WHOLE) out[ns] = WHOLE;
    else out[ns] = [...new Set(paths)].sort().filter((p, _, all) => !all.some((q) => q !== p && p.startsWith(`${q}.`)));
  }
  return out;
}

/** Texts the root provider reads itself (Providers' session toasts, lib/api-client/query-client.ts sessionTextsOf). */
const SHELL_EXTRA: Selection = { shell: ["session"] };

/**
 * Every page's scope. The shell is what the layouts' client components use (they render outside
 * any page's provider, so their texts come from the root one), plus the session texts the root
 * provider reads. (Toasts render in the root layout's Toaster: an error toast's <ErrorText> reads
 * the error catalogue, which is loaded apart, lib/i18n/error-text.tsx.) A page's scope is what its
 * own client components use beyond the shell's (the page's provider merges the two, key by key).
 */
export function analyseScopes(root: string): Scopes {
  const read = moduleReader(root);
  const appDir = path.join(root, "app");
  const files = walk(appDir).filter((f) => /\.tsx$/.test(f));
  const layouts = files.filter((f) => /\/(layout|template)\.tsx$/.test(f));
  const pages = files.filter((f) => /\/(page|not-found|error|loading)\.tsx$/.test(f));
  const shell: Selection = {};
  for (const [ns, paths] of Object.entries(SHELL_EXTRA)) add(shell, ns, paths);
  for (const layout of layouts) for (const [ns, paths] of Object.entries(usesFrom(layout, read))) add(shell, ns, paths);
  const scoped: Record<string, Selection> = {};
  for (const page of pages.sort()) {
    const own: Selection = {};
    for (const [ns, paths] of Object.entries(usesFrom(page, read))) {
      if (shell[ns] === WHOLE) continue;
      if (paths === WHOLE) add(own, ns, WHOLE);
      else {
        const beyond = paths.filter((p) => !covered(shell[ns], p));
        if (beyond.length) add(own, ns, beyond);
      }
    }
    scoped[path.relative(root, page)] = normalise(own);
  }
  return { shell: normalise(shell), pages: scoped };
}

/** The generated module's text. */
export function renderScopes(scopes: Scopes): string {
  const lines = [
    "// Generated by `npm run i18n:scopes` (lib/i18n/scopes-analysis.ts): do not edit by hand.",
    "// The messages client components use, per namespace its keys (each with what is under it) or \"*\"",
    "// for all of it: the shell's go with every page (app/layout.tsx), each page adds its own",
    "// (<PageMessages scope=…>, components/common/page-messages.tsx).",
    "",
    `export const SHELL_MESSAGES = ${JSON.stringify(scopes.shell)} as const;`,
    "",
    "export const PAGE_MESSAGES = {",
    ...Object.entries(scopes.pages).map(([page, selection]) => `  ${JSON.stringify(page)}: ${JSON.stringify(selection)},`),
    "} as const;",
    "",
  ];
  return lines.join("\n");
}
