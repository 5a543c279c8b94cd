// Which message namespaces each page's client components use (issue 18): read from the sources by
// following imports from a page or layout to every "use client" module and the modules those
// import, collecting the namespaces of their useTranslations("…") calls. `npm run i18n:scopes`
// writes the result to messages/scopes.generated.ts; tests/unit/i18n/scopes.test.ts checks that
// file is current, so a component that starts using a namespace cannot ship without its texts.
import fs from "node:fs";
import path from "node:path";

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["']([^"']+)["']/g;
const TRANSLATIONS = /\buseTranslations\s*\(\s*(?:["'`]([\w.]+)["'`])?\s*[,)]/g;
const EXTENSIONS = [".tsx", ".ts", "/index.tsx", "/index.ts"];

export interface Scopes {
  /** Namespaces the root layout's client components use: sent with every page. */
  shell: string[];
  /** Per page or not-found file (path from the project's root): the namespaces it adds to the shell's. */
  pages: Record<string, string[]>;
}

interface Module {
  file: string;
  client: boolean;
  imports: string[];
  /** null: useTranslations() without a namespace (all of them; allowed in server components only). */
  namespaces: (string | null)[];
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
    mod = { file: path.relative(root, file), client, imports, namespaces };
    cache.set(file, mod);
    return mod;
  };
}

/** The namespaces client code reachable from `entry` uses (a module is client code once a "use client" module imports it). */
function namespacesFrom(entry: string, read: (file: string) => Module): Set<string> {
  const found = new Set<string>();
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
        found.add(ns);
      }
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

const sorted = (set: Iterable<string>) => [...set].sort();

/**
 * Every page's scope. The shell is what the layouts' client components use (they render outside
 * any page's provider, so their texts come from the root one), plus the session texts the root
 * provider reads. (Toasts render in the root layout's Toaster: an error toast's <ErrorText> reads
 * the error catalogue, which is loaded apart, lib/i18n/error-text.tsx.) A page's scope is what its own client components use beyond the shell.
 */
export function analyseScopes(root: string): Scopes {
  const read = moduleReader(root);
  const appDir = path.join(root, "app");
  const files = walk(appDir).filter((f) => /\.tsx$/.test(f));
  const layouts = files.filter((f) => /\/(layout|template)\.tsx$/.test(f));
  const pages = files.filter((f) => /\/(page|not-found|error|loading)\.tsx$/.test(f));
  const shell = new Set<string>(["shell"]);
  for (const layout of layouts) for (const ns of namespacesFrom(layout, read)) shell.add(ns);
  const scoped: Record<string, string[]> = {};
  for (const page of pages.sort()) {
    const own = namespacesFrom(page, read);
    scoped[path.relative(root, page)] = sorted([...own].filter((ns) => !shell.has(ns)));
  }
  return { shell: sorted(shell), pages: scoped };
}

/** The generated module's text. */
export function renderScopes(scopes: Scopes): string {
  const lines = [
    "// Generated by `npm run i18n:scopes` (lib/i18n/scopes-analysis.ts): do not edit by hand.",
    "// The message namespaces client components use: the shell's go with every page (app/layout.tsx),",
    "// each page adds its own (<PageMessages scope=…>, components/common/page-messages.tsx).",
    "",
    `export const SHELL_NAMESPACES = ${JSON.stringify(scopes.shell)} as const;`,
    "",
    "export const PAGE_NAMESPACES = {",
    ...Object.entries(scopes.pages).map(([page, namespaces]) => `  ${JSON.stringify(page)}: ${JSON.stringify(namespaces)},`),
    "} as const;",
    "",
  ];
  return lines.join("\n");
}
