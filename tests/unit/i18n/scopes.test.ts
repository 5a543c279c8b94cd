// The messages each page sends (issue 18): messages/scopes.generated.ts must be what the sources
// say, and every page whose client components need texts beyond the shell's must send them.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { analyseScopes, renderScopes } from "@/lib/i18n/scopes-analysis";
import { clientMessages, pageMessages, shellMessages, type PageScope } from "@/messages";
import { PAGE_NAMESPACES, SHELL_NAMESPACES } from "@/messages/scopes.generated";

const root = path.resolve(__dirname, "../../..");
const scopes = analyseScopes(root);
const size = (value: unknown) => JSON.stringify(value).length;

describe("each page's message namespaces", () => {
  it("messages/scopes.generated.ts is current (else run `npm run i18n:scopes`)", () => {
    expect(fs.readFileSync(path.join(root, "messages/scopes.generated.ts"), "utf8")).toBe(renderScopes(scopes));
  });

  it("every page that needs its own namespaces wraps itself in <PageMessages> with its own path", () => {
    const missing = Object.entries(PAGE_NAMESPACES)
      .filter(([, namespaces]) => namespaces.length > 0)
      .map(([page]) => page)
      .filter((page) => !fs.readFileSync(path.join(root, page), "utf8").includes(`<PageMessages scope="${page}">`));
    expect(missing).toEqual([]);
  });

  it("finds what the question page's client components use: answers, comments, flags, and the shell's session texts", () => {
    expect(PAGE_NAMESPACES["app/(public)/questions/[id]/page.tsx"]).toEqual(expect.arrayContaining(["answer", "comments", "flags", "question"]));
    expect(SHELL_NAMESPACES).toEqual(expect.arrayContaining(["shell", "common"]));
    // The error catalogue is loaded apart (lib/i18n/error-text.tsx), in no page's messages.
    expect(SHELL_NAMESPACES).not.toContain("errors");
    // A page that only reads on the server sends nothing beyond the shell.
    expect(PAGE_NAMESPACES["app/(public)/about/page.tsx"]).toEqual([]);
  });

  it("sends a visitor's question page well under every client namespace", () => {
    const page: PageScope = "app/(public)/questions/[id]/page.tsx";
    const sent = size(shellMessages("de")) + size(pageMessages("de", page));
    expect(sent).toBeLessThan(size(clientMessages("de")) * 0.75);
    // Nothing is sent twice: a page's namespaces are not the shell's.
    expect(Object.keys(pageMessages("de", page)).filter((ns) => (SHELL_NAMESPACES as readonly string[]).includes(ns))).toEqual([]);
  });

  it("refuses a client component that names no namespace", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "scopes-"));
    fs.mkdirSync(path.join(dir, "app"));
    fs.writeFileSync(path.join(dir, "app/layout.tsx"), 'import { Box } from "./box";\nexport default function L() { return <Box />; }\n');
    fs.writeFileSync(path.join(dir, "app/box.tsx"), '"use client";\nimport { useTranslations } from "next-intl";\nexport function Box() { const t = useTranslations(); return t("a.b"); }\n');
    expect(() => analyseScopes(dir)).toThrow(/app\/box.tsx: a client component's useTranslations\(\) needs its namespace/);
  });
});
