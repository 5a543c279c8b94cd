// The messages each page sends (issue 18): messages/scopes.generated.ts must be what the sources
// say, and every page whose client components need texts beyond the shell's must send them.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { analyseScopes, renderScopes } from "@/lib/i18n/scopes-analysis";
import { clientMessages, PAGE_NAMESPACES, pageMessages, SHELL_NAMESPACES, shellMessages, type PageScope } from "@/messages";
import { mergeMessages } from "@/messages/merge";

const root = path.resolve(__dirname, "../../..");
const scopes = analyseScopes(root);
const size = (value: unknown) => JSON.stringify(value).length;
/** Every text's path in a message tree. */
function leaves(tree: object, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([key, value]) => (typeof value === "object" && value !== null ? leaves(value, `${prefix}${key}.`) : [`${prefix}${key}`]));
}

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

  it("sends a question page and the home feed a fraction of the client texts, none twice", () => {
    const all = size(clientMessages("de"));
    for (const page of ["app/(public)/questions/[id]/page.tsx", "app/page.tsx"] as PageScope[]) {
      const shell = shellMessages("de");
      const own = pageMessages("de", page);
      expect(size(shell) + size(own)).toBeLessThan(all * 0.3);
      // Nothing is sent twice: a text the shell sends is not the page's; merged, the page has both.
      const shellTexts = new Set(leaves(shell));
      expect(leaves(own).filter((text) => shellTexts.has(text))).toEqual([]);
      expect(leaves(mergeMessages(shell, own)).length).toBe(shellTexts.size + leaves(own).length);
    }
  });

  it("reads the keys a translator is called with, and keeps a namespace whole when it cannot tell", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "scopes-"));
    fs.mkdirSync(path.join(dir, "app/box"), { recursive: true });
    fs.writeFileSync(path.join(dir, "app/layout.tsx"), "export default function L({ children }) { return children; }\n");
    fs.writeFileSync(path.join(dir, "app/box/page.tsx"), 'import { Box } from "./box";\nexport default function P() { return <Box />; }\n');
    fs.writeFileSync(
      path.join(dir, "app/box/box.tsx"),
      [
        '"use client";',
        'import { useMemo } from "react";',
        'import { useTranslations } from "next-intl";',
        'import { helper } from "./helper";',
        "export function Box({ own, status, tags }) {",
        '  const t = useTranslations("alpha");',
        '  const tb = useTranslations("beta.deep");',
        '  const tc = useTranslations("gamma");',
        '  const td = useTranslations("delta");',
        '  const label = useMemo(() => t("memo.label"), [t]);',
        '  return <div className="border-t pt-2">{t("plain")}{t.rich("rich.text", { b: (c) => c })}{t(`status.${status}`)}',
        '    {t(own ? "mine" : "theirs")}{tags.map((t) => t.id)}{tb("leaf")}{tc(status)}{helper(td)}{label}</div>;',
        "}",
      ].join("\n"),
    );
    fs.writeFileSync(path.join(dir, "app/box/helper.ts"), "export const helper = (t) => t(\"anything\");\n");
    expect(analyseScopes(dir).pages["app/box/page.tsx"]).toEqual({
      alpha: ["memo.label", "mine", "plain", "rich.text", "status", "theirs"],
      beta: ["deep.leaf"],
      gamma: "*",
      delta: "*",
    });
  });

  it("refuses a client component that names no namespace", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "scopes-"));
    fs.mkdirSync(path.join(dir, "app"));
    fs.writeFileSync(path.join(dir, "app/layout.tsx"), 'import { Box } from "./box";\nexport default function L() { return <Box />; }\n');
    fs.writeFileSync(path.join(dir, "app/box.tsx"), '"use client";\nimport { useTranslations } from "next-intl";\nexport function Box() { const t = useTranslations(); return t("a.b"); }\n');
    expect(() => analyseScopes(dir)).toThrow(/app\/box.tsx: a client component's useTranslations\(\) needs its namespace/);
  });
});
