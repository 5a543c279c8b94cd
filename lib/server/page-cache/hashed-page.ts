import { createHash } from "node:crypto";

/*
 * A rendered page made the same for every reader (issue 18, docs/SECURITY.md section 5a): the
 * page was rendered with a fresh nonce, which marks exactly the scripts that are Agora's own
 * (Next's bootstrap, its RSC flight data, React's streaming scripts, the theme and early-click
 * scripts): the nonce is unguessable and new for each render, so markup injected into the
 * page's content can never carry it. Here every script carrying it loses the nonce attribute,
 * the SHA-256 of each such inline script's exact text is collected for the policy, and a script
 * without it (an injection the sanitiser let through) is left as it is, unhashed, so the policy
 * refuses it as today's nonce policy would.
 *
 * The nonce also sits in the flight data, as the `nonce` prop of the early-click <script> and of
 * the theme provider (`\"nonce\":\"…\"` inside a JS string): it is emptied there, before hashing,
 * so no stale nonce is left anywhere. Anything unexpected (the nonce anywhere else, one of our
 * scripts containing `<!--` or `<script`, which the HTML parser treats specially, a script of
 * ours inside another one's text, an external script of ours from another origin, a tag that
 * does not close) makes the page unfit: null, and the caller sends the page as rendered, with
 * its nonce policy.
 */

export interface HashedPage {
  /** The page without its nonce. */
  html: string;
  /** Base64 SHA-256 of each of our inline scripts' text, deduplicated, in page order. */
  sha256s: string[];
}

// The MIME types for which a <script type="…"> runs as a classic script (HTML, "JavaScript MIME type").
const JAVASCRIPT_TYPES = new Set([
  "application/ecmascript",
  "application/javascript",
  "application/x-ecmascript",
  "application/x-javascript",
  "text/ecmascript",
  "text/javascript",
  "text/javascript1.0",
  "text/javascript1.1",
  "text/javascript1.2",
  "text/javascript1.3",
  "text/javascript1.4",
  "text/javascript1.5",
  "text/jscript",
  "text/livescript",
  "text/x-ecmascript",
  "text/x-javascript",
]);

/** Whether a script element with this type attribute (undefined: none) runs its text. */
function runs(type: string | undefined): boolean {
  if (type === undefined) return true;
  const value = type.trim().toLowerCase();
  return value === "" || value === "module" || JAVASCRIPT_TYPES.has(value.split(";")[0]!.trim());
}

interface Attribute {
  name: string;
  value: string;
  /** The attribute's span in the page, its leading whitespace included. */
  start: number;
  end: number;
}

const SPACE = /[\t\n\f\r ]/;

/**
 * The attributes of the start tag whose name ends at `from`, as the HTML tokenizer reads them
 * (names lower-cased; a repeated name is ignored, as the parser does), and the index just past
 * its `>`; null when the tag never closes.
 */
function readTag(html: string, from: number): { attributes: Map<string, Attribute>; end: number } | null {
  const attributes = new Map<string, Attribute>();
  let i = from;
  while (i < html.length) {
    const spaceStart = i;
    while (i < html.length && (SPACE.test(html[i]!) || html[i] === "/")) i++;
    if (i >= html.length) return null;
    if (html[i] === ">") return { attributes, end: i + 1 };
    const nameStart = i;
    i++; // the first character is part of the name even if it is "="
    while (i < html.length && !SPACE.test(html[i]!) && html[i] !== "/" && html[i] !== ">" && html[i] !== "=") i++;
    const name = html.slice(nameStart, i).toLowerCase();
    let value = "";
    let j = i;
    while (j < html.length && SPACE.test(html[j]!)) j++;
    if (html[j] === "=") {
      j++;
      while (j < html.length && SPACE.test(html[j]!)) j++;
      const quote = html[j];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, j + 1);
        if (close < 0) return null;
        value = html.slice(j + 1, close);
        i = close + 1;
      } else {
        const valueStart = j;
        while (j < html.length && !SPACE.test(html[j]!) && html[j] !== ">") j++;
        value = html.slice(valueStart, j);
        i = j;
      }
    }
    if (!attributes.has(name)) attributes.set(name, { name, value, start: spaceStart, end: i });
  }
  return null;
}

const SCRIPT_START = /<script(?=[\t\n\f\r />])/gi;
const SCRIPT_END = /<\/script[\t\n\f\r />]/gi;

/** Base64 SHA-256 of a script's text as the browser hashes it: UTF-8, after the parser's newline normalisation. */
export function scriptSha256(text: string): string {
  return createHash("sha256").update(text.includes("\r") ? text.replace(/\r\n?/g, "\n") : text, "utf8").digest("base64");
}

/** The page without its nonce and the hashes of its own inline scripts, or null when it is not fit. */
export function hashPage(html: string, nonce: string): HashedPage | null {
  if (!/^[A-Za-z0-9+/=_-]{16,}$/.test(nonce)) return null;
  const nonceAttribute = new RegExp(`[\\t\\n\\f\\r ]+nonce="${nonce.replace(/[+/=]/g, "\\$&")}"`, "g");
  const inFlight = `\\"${nonce}\\"`;
  const out: string[] = [];
  const sha256s = new Set<string>();
  let done = 0; // html[0, done) has been copied to out
  SCRIPT_START.lastIndex = 0;
  for (let match = SCRIPT_START.exec(html); match; match = SCRIPT_START.exec(html)) {
    const tag = readTag(html, match.index + match[0].length);
    if (!tag) return null;
    SCRIPT_END.lastIndex = tag.end;
    const close = SCRIPT_END.exec(html);
    if (!close) return null;
    const text = html.slice(tag.end, close.index);
    const nonceOf = tag.attributes.get("nonce");
    if (nonceOf?.value !== nonce) {
      // Not ours: copied as it is (with what surrounds it) and hashed nowhere, so the policy refuses it.
      // Our nonce in its text means it swallowed a script of ours (an unclosed injected tag): unfit.
      if (text.includes(nonce)) return null;
    } else {
      // Ours: everything before it (other tags may carry the nonce too: preloads) loses its nonce attribute.
      out.push(html.slice(done, match.index).replace(nonceAttribute, ""));
      out.push(html.slice(match.index, nonceOf.start), html.slice(nonceOf.end, tag.end));
      const src = tag.attributes.get("src");
      if (src) {
        // 'self' is what lets it load: only a path on this origin.
        if (!/^\/(?![/\\])/.test(src.value) || text.trim() !== "") return null;
        out.push(text);
      } else {
        if (/<!--|<script/i.test(text)) return null;
        const own = text.replaceAll(inFlight, '\\"\\"');
        if (runs(tag.attributes.get("type")?.value)) sha256s.add(scriptSha256(own));
        out.push(own);
      }
      done = close.index;
    }
    SCRIPT_START.lastIndex = close.index + close[0].length;
  }
  out.push(html.slice(done).replace(nonceAttribute, ""));
  const result = out.join("");
  if (result.includes(nonce)) return null;
  return { html: result, sha256s: [...sha256s] };
}
