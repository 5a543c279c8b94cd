/**
 * What a visitor's question page makes the browser load (issue 8: JavaScript for a visitor).
 * The members' tools, the forms' validation (zod, react-hook-form) and the menus' library load
 * on demand (next/dynamic, React.lazy): this walks the static imports from the page's client
 * entry points, as the bundler does, and fails when one of them reaches those packages again.
 */
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(__dirname, "../../..");

/**
 * The server modules of a visitor's question page: the page and its layouts. Next sends the code of
 * every client component ("use client") their imports reach, rendered or not.
 */
const routeModules = ["app/layout.tsx", "app/(public)/layout.tsx", "app/(public)/questions/[id]/page.tsx"];

/**
 * Packages that only members' tools, opened menus or a first toast need (sonner loads with the
 * first toast, issue 18), and Radix primitives a plain element does as well (Avatar, Label,
 * Separator).
 */
const onDemandOnly = [/^zod(\/|$)/, /^react-hook-form$/, /^@hookform\//, /^radix-ui:(DropdownMenu|Dialog|AlertDialog|Tabs|Popover|Tooltip|Avatar|Label|Separator)$/, /^sonner$/];

/**
 * The app's own modules that load on demand: the English error catalogue loads with another
 * language's; the members' notifications and messages (the top bar's unread counts live apart, in
 * lib/api-client/unread.ts).
 */
const onDemandModules = ["lib/i18n/error-keys.ts", "messages/en/errors.json", "lib/api-client/notifications.ts", "lib/api-client/direct-messages.ts"];

function resolveLocal(specifier: string, from: string): string | null {
  const base = specifier.startsWith("@/") ? path.join(root, specifier.slice(2)) : specifier.startsWith(".") ? path.resolve(path.dirname(from), specifier) : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  throw new Error(`cannot resolve ${specifier} from ${path.relative(root, from)}`);
}

/**
 * Static value imports and re-exports of a module (type-only ones are erased; `import()` is on
 * demand). The radix-ui package is one entry per primitive ("radix-ui:Dialog"), as the bundler
 * keeps only the primitives imported.
 */
function staticImports(file: string): string[] {
  const source = fs.readFileSync(file, "utf8");
  const found: string[] = [];
  const statement = /^(?:import|export)\s+(type\s+)?(?:([\s\S]*?)\sfrom\s+)?["']([^"']+)["'];?/gm;
  for (const match of source.matchAll(statement)) {
    if (match[1]) continue;
    const specifier = match[3]!;
    if (specifier !== "radix-ui") found.push(specifier);
    else for (const name of match[2]!.matchAll(/(\w+)\s+as\s+\w+|(\w+)/g)) found.push(`radix-ui:${name[1] ?? name[2]}`);
  }
  return found;
}

const isClientModule = (file: string) => /^\s*["']use client["']/.test(fs.readFileSync(file, "utf8"));

/** The client components ("use client") the server modules of a route reach, as Next bundles them for it. */
function clientBoundaries(serverEntries: string[]): string[] {
  const boundaries = new Set<string>();
  const seen = new Set<string>();
  const queue = serverEntries.map((e) => path.join(root, e));
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of staticImports(file)) {
      const local = resolveLocal(specifier, file);
      if (!local) continue; // a package used on the server
      if (isClientModule(local)) boundaries.add(path.relative(root, local));
      else queue.push(local);
    }
  }
  return [...boundaries];
}

/**
 * Every package a set of entry points reaches through static imports, with the chain that reaches
 * it; the app's own modules under "@/" and their path.
 */
function reachedPackages(entries: string[]): Map<string, string[]> {
  const packages = new Map<string, string[]>();
  const seen = new Set<string>();
  const queue: [string, string[]][] = entries.map((e) => [path.join(root, e), [e]]);
  while (queue.length > 0) {
    const [file, chain] = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of staticImports(file)) {
      const local = resolveLocal(specifier, file);
      if (local) {
        queue.push([local, [...chain, path.relative(root, local)]]);
        packages.set(`@/${path.relative(root, local)}`, chain);
      } else if (!packages.has(specifier)) packages.set(specifier, chain);
    }
  }
  return packages;
}

describe("a visitor's question page", () => {
  const entries = clientBoundaries(routeModules);
  const packages = reachedPackages(entries);

  it("finds the page's client components from its server modules", () => {
    expect(entries).toEqual(expect.arrayContaining(["components/providers.tsx", "components/question/question-detail.tsx"]));
  });

  it("walks the real import graph (React, Next and TanStack Query are reached)", () => {
    expect(packages.has("react")).toBe(true);
    expect(packages.has("@tanstack/react-query")).toBe(true);
    expect(packages.has("radix-ui:Slot")).toBe(true);
    expect([...packages.keys()].some((p) => p.startsWith("next/"))).toBe(true);
  });

  it("does not load form validation, menu or toast code until a member or a click asks for it", () => {
    const offenders = [...packages.entries()]
      .filter(([name]) => onDemandOnly.some((pattern) => pattern.test(name)) || onDemandModules.some((module) => name === `@/${module}`))
      .map(([name, chain]) => `${name} via ${chain.join(" -> ")}`);
    expect(offenders).toEqual([]);
  });

  it("would notice a static import of a members' tool or a menu", () => {
    // The check itself: what the on-demand modules load is caught when one is imported statically.
    const caught = (entry: string) => [...reachedPackages([entry]).keys()].filter((name) => onDemandOnly.some((pattern) => pattern.test(name)));
    expect(caught("components/answer/answer-form.tsx")).toEqual(expect.arrayContaining(["react-hook-form", "@hookform/resolvers/zod", "zod"]));
    expect(caught("components/layout/theme-menu.tsx")).toEqual(["radix-ui:DropdownMenu"]);
    expect(caught("components/layout/mobile-menu-sheet.tsx")).toEqual(["radix-ui:Dialog"]);
    expect(caught("components/ui/sonner-toaster.tsx")).toEqual(["sonner"]);
    expect(reachedPackages(["lib/i18n/error-keys.ts"]).has("@/messages/en/errors.json")).toBe(true);
  });
});

/** What a route's client code reaches among the packages and modules it should load on demand only. */
function onDemandReached(routeEntries: string[], packagesToDefer: RegExp[] = onDemandOnly): string[] {
  return [...reachedPackages(clientBoundaries(routeEntries)).entries()]
    .filter(([name]) => packagesToDefer.some((pattern) => pattern.test(name)) || onDemandModules.some((module) => name === `@/${module}`))
    .map(([name, chain]) => `${name} via ${chain.join(" -> ")}`);
}

describe("the feeds a visitor sees", () => {
  it("the landing page at / does not load the members' feed (its Ask dialog, filters and menus)", () => {
    // app/page.tsx renders the landing page for visitors and the home feed for members: the
    // feed's code loads only where it is rendered (components/home/member-feed-islands.tsx).
    expect(onDemandReached(["app/layout.tsx", "app/page.tsx"])).toEqual([]);
  });

  it("/questions loads its tabs, but not the Ask dialog, the Filter dialog or a member's menus", () => {
    const deferred = [/^zod(\/|$)/, /^react-hook-form$/, /^@hookform\//, /^radix-ui:(DropdownMenu|Dialog|AlertDialog|RadioGroup|Popover|Tooltip|Avatar|Label|Separator)$/, /^sonner$/];
    expect(onDemandReached(["app/layout.tsx", "app/(public)/layout.tsx", "app/(public)/questions/page.tsx"], deferred)).toEqual([]);
  });
});

/** The packages the server modules of some entries import themselves (not through a client component). */
function serverPackages(serverEntries: string[]): string[] {
  const found = new Set<string>();
  const seen = new Set<string>();
  const queue = serverEntries.map((e) => path.join(root, e));
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file) || isClientModule(file)) continue;
    seen.add(file);
    for (const specifier of staticImports(file)) {
      const local = resolveLocal(specifier, file);
      if (local) queue.push(local);
      else found.add(specifier);
    }
  }
  return [...found];
}

describe("the root 404 screen", () => {
  // Next loads the client code of app/not-found.tsx with every page, beside the page's own: each
  // client module it reached was a second copy of the shell's (issue 18).
  it("references no client code but the loader of its theme button", () => {
    expect(clientBoundaries(["app/not-found.tsx"])).toEqual(["components/layout/not-found-islands.tsx"]);
    expect(staticImports(path.join(root, "components/layout/not-found-islands.tsx"))).toEqual(["next/dynamic"]);
  });

  it("draws its icons itself: lucide-react's icons are client components", () => {
    expect(serverPackages(["app/not-found.tsx"])).not.toContain("lucide-react");
    // The check itself: a server module drawing a lucide icon is noticed.
    expect(serverPackages(["app/(public)/questions/[id]/not-found.tsx"])).toContain("lucide-react");
  });
});
