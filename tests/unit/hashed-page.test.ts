/** @jest-environment node */
// A rendered page made the same for every reader (lib/server/page-cache/hashed-page.ts): only the
// scripts the render marked with its nonce are hashed, the nonce leaves the page entirely, and
// anything the scanner could read differently from a browser makes the page unfit (null).
import { createHash } from "node:crypto";
import { hashPage, scriptSha256 } from "@/lib/server/page-cache/hashed-page";

const N = "q0Zk7C+Xb9/1uTq4lJr2ew==";
const sha = (text: string) => createHash("sha256").update(text, "utf8").digest("base64");

test("our inline scripts are hashed and lose the nonce; a script without it is left as it is and not hashed", () => {
  const html =
    `<html><head><SCRIPT NONCE="${N}" data-x="a > b">self.a=1</SCRIPT>` +
    `<link rel="modulepreload" href="/_next/static/chunks/a.js" nonce="${N}">` +
    `<script src="/_next/static/chunks/a.js" async nonce='${N}'></script></head><body>` +
    `<p><script>alert(1)</script><script nonce="wrong-guess-of-the-nonce">alert(2)</script></p>` +
    `<script type="module" nonce="${N}">import("/x.js")</script>` +
    `<script type="application/ld+json" nonce="${N}">{"name":"</scrip"}</script>` +
    `<script nonce="${N}">self.__next_f.push([1,"{\\"nonce\\":\\"${N}\\",\\"a\\":1}"])</script></body></html>`;
  const page = hashPage(html, N)!;
  expect(page).not.toBeNull();
  expect(page.html).not.toContain(N);
  expect(page.html).toBe(
    `<html><head><SCRIPT data-x="a > b">self.a=1</SCRIPT>` +
      `<link rel="modulepreload" href="/_next/static/chunks/a.js">` +
      `<script src="/_next/static/chunks/a.js" async></script></head><body>` +
      `<p><script>alert(1)</script><script nonce="wrong-guess-of-the-nonce">alert(2)</script></p>` +
      `<script type="module">import("/x.js")</script>` +
      `<script type="application/ld+json">{"name":"</scrip"}</script>` +
      `<script>self.__next_f.push([1,"{\\"nonce\\":\\"\\",\\"a\\":1}"])</script></body></html>`,
  );
  // The running ones of ours: the classic script, the module and the flight data (emptied nonce); not the data block.
  expect(page.sha256s).toEqual([sha("self.a=1"), sha('import("/x.js")'), sha('self.__next_f.push([1,"{\\"nonce\\":\\"\\",\\"a\\":1}"])')]);
  expect(page.sha256s).not.toContain(sha("alert(1)"));
  expect(page.sha256s).not.toContain(sha("alert(2)"));
});

test("an injected script that swallows ours makes the page unfit; one that closes leaves ours hashed", () => {
  // An unclosed injected <script> runs to the first </script>: our tag inside it is its text, not a script.
  expect(hashPage(`<p><script>evil();/*</p><script nonce="${N}">self.ok=1</script><script nonce="${N}">self.b=2</script>`, N)).toBeNull();
  const page = hashPage(`<p><script>evil()</script></p><script nonce="${N}">self.ok=1</script>`, N)!;
  expect(page.sha256s).toEqual([sha("self.ok=1")]);
  expect(page.html).toBe(`<p><script>evil()</script></p><script>self.ok=1</script>`);
});

test("the browser's newline normalisation is hashed as the browser does", () => {
  expect(scriptSha256("a=1;\r\nb=2;\rc=3")).toBe(sha("a=1;\nb=2;\nc=3"));
});

test("anything unexpected makes the page unfit", () => {
  const ours = (text: string, attrs = "") => `<script nonce="${N}"${attrs}>${text}</script>`;
  for (const [label, html] of [
    ["a comment opener in our script", ours("a='<!--'")],
    ["a script tag in our script", ours("a='<script>'")],
    ["our script never closes", `<script nonce="${N}">self.a=1`],
    ["a tag that never ends", `<script nonce="${N}" src="/a.js"`],
    ["our external script on another origin", ours("", ' src="https://cdn.example/a.js"')],
    ["a protocol-relative external script", ours("", ' src="//cdn.example/a.js"')],
    ["the nonce elsewhere in a script", ours(`self.n="${N}"`)],
    ["the nonce in the text", `<p>${N}</p>${ours("self.a=1")}`],
    ["the nonce in another attribute", `<meta content="${N}">${ours("self.a=1")}`],
  ] as const) {
    expect([label, hashPage(html, N)]).toEqual([label, null]);
  }
  expect(hashPage(ours("self.a=1"), "short")).toBeNull();
});
