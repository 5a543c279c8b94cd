/** @jest-environment node */
import { markdownToPlainText, renderMarkdown, sanitizeHtml, truncateText } from "../../../lib/markdown/render";

describe("renderMarkdown", () => {
  it("renders GitHub-flavoured tables, with alignment as classes rather than styles", () => {
    const html = renderMarkdown("| name | count |\n|:-----|------:|\n| react | 12 |\n");
    expect(html).toContain("<table>");
    expect(html).toContain("<th class=\"text-left\">name</th>");
    expect(html).toContain("<td class=\"text-right\">12</td>");
    expect(html).not.toContain("style=");
  });

  it("renders strikethrough, emphasis, lists and blockquotes", () => {
    const html = renderMarkdown("~~old~~ **bold** _it_\n\n- one\n- two\n\n> quoted");
    expect(html).toContain("<s>old</s>");
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain("<em>it</em>");
    expect(html).toContain("<li>two</li>");
    expect(html).toContain("<blockquote>");
  });

  it("highlights fenced code with hljs classes", () => {
    const html = renderMarkdown("```ts\nconst answer: number = 42;\n```");
    expect(html).toContain('<pre tabindex="0"><code class="hljs language-typescript">');
    expect(html).toMatch(/<span class="hljs-keyword">const<\/span>/);
    expect(html).toMatch(/<span class="hljs-number">42<\/span>/);
  });

  it("accepts common fence aliases and escapes code in unknown languages", () => {
    expect(renderMarkdown("```sh\necho hi\n```")).toContain("language-bash");
    expect(renderMarkdown("```postgres\nSELECT 1;\n```")).toContain("language-sql");
    const unknown = renderMarkdown("```brainfuck\n<b>++</b>\n```");
    expect(unknown).toContain('<code class="hljs">&lt;b&gt;++&lt;/b&gt;');
  });

  it("shifts headings below the page's own h1 and h2", () => {
    expect(renderMarkdown("# Top\n\n## Second")).toBe("<h3>Top</h3>\n<h4>Second</h4>\n");
    expect(renderMarkdown("###### Deep")).toContain("<h6>Deep</h6>");
  });

  it("escapes raw HTML such as <script> instead of rendering it", () => {
    const html = renderMarkdown("hello <script>alert('x')</script>");
    expect(html).not.toContain("<script");
    expect(html).toContain("&lt;script&gt;");
  });

  it("never produces event handler attributes", () => {
    const html = renderMarkdown('<img src="x" onerror="alert(1)">\n\n![a](https://example.com/a.png "t\\" onerror=\\"alert(1)")');
    const attributeNames = [...html.matchAll(/<[a-z][^<>]*>/gi)].flatMap((tag) =>
      [...tag[0].matchAll(/\s([a-z-]+)=(?:"[^"]*"|'[^']*')/gi)].map((attr) => attr[1].toLowerCase()),
    );
    expect(attributeNames).toEqual(expect.arrayContaining(["src", "alt", "title"]));
    expect(attributeNames.filter((name) => name.startsWith("on"))).toEqual([]);
    expect(html).toContain("&lt;img");
  });

  it("makes javascript: links inert", () => {
    const html = renderMarkdown("[click](javascript:alert(1)) and [again](JAVASCRIPT:alert(1))");
    expect(html).not.toMatch(/href="\s*javascript:/i);
    expect(html).not.toContain("<a ");
  });

  it("drops data: images and keeps http(s) and /uploads images with lazy loading", () => {
    const html = renderMarkdown(
      "![evil](data:image/png;base64,iVBORw0KGgo=) ![ok](https://example.com/cat.png) ![up](/uploads/2026/ab12.png) ![bad](/uploads/../api/logout)",
    );
    expect(html).not.toContain("data:");
    expect(html).not.toContain("/api/logout");
    expect(html).toContain('<img loading="lazy" src="https://example.com/cat.png" alt="ok" />');
    expect(html).toContain('src="/uploads/2026/ab12.png"');
  });

  it("gives external links rel and target, and leaves site links alone", () => {
    const html = renderMarkdown("[docs](https://nextjs.org/docs) [home](/questions/12) https://example.com/auto");
    expect(html).toContain('<a href="https://nextjs.org/docs" rel="nofollow ugc noopener" target="_blank">docs</a>');
    expect(html).toContain('<a href="/questions/12">home</a>');
    expect(html).toContain('<a href="https://example.com/auto" rel="nofollow ugc noopener" target="_blank">');
  });

  it("returns an empty string for blank input", () => {
    expect(renderMarkdown("   \n")).toBe("");
  });
});

describe("sanitizeHtml", () => {
  it("removes scripts, event handlers, styles and dangerous URLs", () => {
    const html = sanitizeHtml(
      '<p style="color:red" onclick="x()">hi</p><script>alert(1)</script>' +
        '<a href="javascript:alert(1)">a</a><a href="JaVaScRiPt&#58;alert(1)">b</a><a href="vbscript:msgbox(1)">c</a>' +
        '<img src="data:image/png;base64,AAA" onerror="x()"><iframe src="https://example.com"></iframe>',
    );
    expect(html).toBe("<p>hi</p><a>a</a><a>b</a><a>c</a>");
  });

  it("replaces rel and target supplied by the author", () => {
    expect(sanitizeHtml('<a href="/tags/react" target="_self" rel="opener">t</a>')).toBe('<a href="/tags/react">t</a>');
    expect(sanitizeHtml('<a href="https://x.dev" rel="opener">x</a>')).toBe(
      '<a href="https://x.dev" rel="nofollow ugc noopener" target="_blank">x</a>',
    );
  });

  it("keeps only hljs classes on spans and drops protocol-relative links", () => {
    expect(sanitizeHtml('<span class="hljs-string evil">s</span>')).toBe('<span class="hljs-string">s</span>');
    expect(sanitizeHtml('<a href="//evil.example">x</a>')).toBe("<a>x</a>");
  });

  it("allows mailto links", () => {
    expect(sanitizeHtml('<a href="mailto:team@agora.dev">mail</a>')).toBe('<a href="mailto:team@agora.dev">mail</a>');
  });
});

describe("markdownToPlainText", () => {
  it("strips markup and collapses whitespace", () => {
    const text = markdownToPlainText("# Title\n\nSome **bold** text with `code` and a [link](https://x.dev).\n\n- one\n- two");
    expect(text).toBe("Title Some bold text with code and a link. one two");
  });

  it("keeps characters as written rather than HTML-escaped", () => {
    expect(markdownToPlainText("Tom & Jerry <b>bold</b>")).toBe("Tom & Jerry <b>bold</b>");
  });

  it("cuts at maxLength with an ellipsis, on a word boundary", () => {
    const text = markdownToPlainText("The quick brown fox jumps over the lazy dog near the river bank", 30);
    expect(text.length).toBeLessThanOrEqual(30);
    expect(text.endsWith("…")).toBe(true);
    expect(text).toBe("The quick brown fox jumps…");
  });

  it("leaves short text untouched and includes image alt text", () => {
    expect(markdownToPlainText("![diagram of the flow](https://x.dev/a.png) fine", 100)).toBe("diagram of the flow fine");
  });
});

describe("truncateText", () => {
  it("counts characters, not UTF-16 units", () => {
    expect(truncateText("😀😀😀😀", 3)).toBe("😀😀…");
    expect(truncateText("abc", 3)).toBe("abc");
  });
});

describe("code blocks", () => {
  it("are focusable so keyboard users can scroll them, whatever tabindex the source asked for", () => {
    const html = renderMarkdown("```js\nconst x = 1;\n```");
    expect(html).toMatch(/^<pre tabindex="0"><code class="hljs language-javascript">/);
    expect(sanitizeHtml('<pre tabindex="-1" onclick="x()">a</pre>')).toBe('<pre tabindex="0">a</pre>');
  });
});
