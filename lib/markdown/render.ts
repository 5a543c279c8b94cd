// The one renderer and sanitizer for everything members and the AI write (DECISIONS section 5):
// GitHub-flavoured Markdown through markdown-it, fenced code through highlight.js, and the result
// through sanitize-html with a strict allow-list. Plain Node: scripts and the browser preview use it too.
import MarkdownIt from "markdown-it";
import sanitize from "sanitize-html";
import { escapeHtml, highlightCode } from "./highlight";

const md = new MarkdownIt({
  html: false, // raw HTML in the source is shown as text
  linkify: true,
  typographer: false,
  highlight(code, info) {
    const { html, language } = highlightCode(code, info);
    const className = language ? `hljs language-${language}` : "hljs";
    // Starting with <pre tells markdown-it to use this markup as is.
    return `<pre><code class="${escapeHtml(className)}">${html}</code></pre>\n`;
  },
});

// Content sits under the page title (h1) and section headings (h2), so its headings start at h3.
const HEADING_SHIFT = 2;
md.core.ruler.push("agora_heading_shift", (state) => {
  for (const token of state.tokens) {
    if (token.type === "heading_open" || token.type === "heading_close") {
      const level = Math.min(6, Number(token.tag.slice(1)) + HEADING_SHIFT);
      token.tag = `h${level}`;
    }
  }
});

// Table column alignment comes out of markdown-it as a style attribute; styles are never allowed,
// so it becomes a class instead.
const alignClass: Record<string, string> = { left: "text-left", center: "text-center", right: "text-right" };
for (const rule of ["th_open", "td_open"] as const) {
  md.renderer.rules[rule] = (tokens, idx, options, _env, self) => {
    const token = tokens[idx];
    const style = token.attrGet("style");
    if (style) {
      const match = /text-align:\s*(left|center|right)/.exec(String(style));
      token.attrs = (token.attrs ?? []).filter(([name]) => name !== "style");
      if (match) token.attrSet("class", alignClass[match[1]]);
    }
    return self.renderToken(tokens, idx, options);
  };
}

const ABSOLUTE_HTTP = /^https?:\/\//i;
// Site-relative uploads only: no "..", no backslashes, no encoded dots or slashes, no query tricks.
const UPLOAD_PATH = /^\/uploads\/[A-Za-z0-9][A-Za-z0-9._\-/]*$/;

function isAllowedImageSrc(src: string | undefined): boolean {
  if (!src) return false;
  const value = src.trim();
  if (ABSOLUTE_HTTP.test(value)) return true;
  return UPLOAD_PATH.test(value) && !value.includes("..") && !value.includes("//");
}

const policy: sanitize.IOptions = {
  allowedTags: [
    "p", "br", "hr",
    "h1", "h2", "h3", "h4", "h5", "h6",
    "ul", "ol", "li",
    "blockquote", "pre", "code", "span", "kbd", "mark",
    "strong", "b", "em", "i", "del", "s", "sup", "sub",
    "a", "img",
    "table", "thead", "tbody", "tr", "th", "td",
  ],
  allowedAttributes: {
    a: ["href", "title", "rel", "target"],
    img: ["src", "alt", "title", "loading"],
    code: ["class"],
    span: ["class"],
    th: ["class"],
    td: ["class"],
    ol: ["start"],
    pre: ["tabindex"],
  },
  allowedClasses: {
    code: ["hljs", "language-*"],
    span: ["hljs-*"],
    th: ["text-left", "text-center", "text-right"],
    td: ["text-left", "text-center", "text-right"],
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  allowedStyles: {},
  parseStyleAttributes: false,
  disallowedTagsMode: "discard",
  transformTags: {
    // A code block scrolls sideways; keyboard users must be able to focus it to scroll.
    pre: (tagName) => ({ tagName, attribs: { tabindex: "0" } }),
    // Attributes are rebuilt rather than kept, so a member cannot supply their own rel or target.
    a(tagName, attribs) {
      const href = attribs.href?.trim();
      const next: sanitize.Attributes = {};
      if (href) next.href = href;
      if (attribs.title) next.title = attribs.title;
      if (href && ABSOLUTE_HTTP.test(href)) {
        next.rel = "nofollow ugc noopener";
        next.target = "_blank";
      }
      return { tagName, attribs: next };
    },
    img(tagName, attribs) {
      const next: sanitize.Attributes = { loading: "lazy" };
      if (isAllowedImageSrc(attribs.src)) next.src = attribs.src.trim();
      next.alt = attribs.alt ?? "";
      if (attribs.title) next.title = attribs.title;
      return { tagName, attribs: next };
    },
  },
  // An image whose source was refused is dropped entirely rather than left as a broken <img>.
  exclusiveFilter: (frame) => frame.tag === "img" && !isAllowedImageSrc(frame.attribs.src),
};

/**
 * Cleans HTML from any source with the same allow-list the Markdown renderer uses; `onlyTags`
 * narrows it further (search snippets keep only `mark`).
 */
export function sanitizeHtml(html: string, onlyTags?: readonly string[]): string {
  if (!onlyTags) return sanitize(html, policy);
  const allowedTags = (policy.allowedTags || []).filter((tag) => onlyTags.includes(tag));
  return sanitize(html, { ...policy, allowedTags, allowedAttributes: {}, allowedClasses: {}, transformTags: {}, exclusiveFilter: undefined });
}

/** Renders member or AI Markdown (GitHub-flavoured, highlighted code) to sanitized HTML. */
export function renderMarkdown(source: string): string {
  if (!source.trim()) return "";
  return sanitizeHtml(md.render(source));
}

type Token = ReturnType<typeof md.parse>[number];

function collectText(tokens: Token[], out: string[]) {
  for (const token of tokens) {
    switch (token.type) {
      case "inline":
        if (token.children) collectText(token.children, out);
        break;
      case "text":
      case "code_inline":
        out.push(token.content);
        break;
      case "image":
        // An image's alt text is its children; the image itself says nothing in plain text.
        if (token.children) collectText(token.children, out);
        break;
      case "softbreak":
      case "hardbreak":
        out.push(" ");
        break;
      case "fence":
      case "code_block":
        out.push(" ", token.content, " ");
        break;
      default:
        // Block boundaries (paragraphs, list items, cells) separate words.
        if (token.block && token.nesting !== 0) out.push(" ");
    }
  }
}

/** Truncates to at most maxLength characters, preferring a word boundary, ending with "…". */
export function truncateText(text: string, maxLength: number): string {
  if (maxLength <= 0) return "";
  const chars = Array.from(text);
  if (chars.length <= maxLength) return text;
  if (maxLength === 1) return "…";
  let cut = chars.slice(0, maxLength - 1).join("");
  const lastSpace = cut.lastIndexOf(" ");
  if (lastSpace >= Math.floor(cut.length * 0.6)) cut = cut.slice(0, lastSpace);
  return `${cut.replace(/[\s.,;:!?\-–—]+$/u, "")}…`;
}

/**
 * Plain text of a Markdown source, for snippets, meta descriptions and share text: markup
 * stripped, whitespace collapsed and, when maxLength is given, cut there with an ellipsis.
 */
export function markdownToPlainText(source: string, maxLength?: number): string {
  const out: string[] = [];
  collectText(md.parse(source, {}), out);
  const text = out.join("").replace(/\s+/g, " ").trim();
  return maxLength === undefined ? text : truncateText(text, maxLength);
}
