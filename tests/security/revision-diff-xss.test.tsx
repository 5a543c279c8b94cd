/** @jest-environment node */
// Weakness guarded against: stored XSS through the revisions pages. A revision's diff is over its
// Markdown source, shown as text: every payload of the corpus, saved as an edit through the API
// and read back through GET /api/answers/{id}/revisions, must come out of the diff page's
// rendering as escaped text, with no element or event attribute of its own.
import { renderToStaticMarkup } from "react-dom/server";
import { db } from "@/lib/server/db";
import { PUT as putAnswerRoute } from "@/app/api/answers/[id]/route";
import { GET as answerRevisionsRoute } from "@/app/api/answers/[id]/revisions/route";
import { RevisionHistory } from "@/components/revisions/revision-history";
import type { AnswerRevisionJson, RevisionListJson } from "@/lib/server/revisions/presenters";
import { createAnswer, createQuestion, createUser, routeContext, signedInRequest, visitorRequest } from "@/tests/factories";
import { XSS_PAYLOADS, packPayloads } from "@/tests/security/xss-payloads";
import { IntlProvider } from "@/tests/support/intl";

// The elements the revisions list itself is made of; anything else came from a payload.
const OWN_ELEMENTS = new Set(["div", "p", "ol", "ul", "li", "header", "h2", "h3", "span", "ins", "del", "time", "a"]);

afterAll(async () => {
  await db.$disconnect();
});

it("renders every payload of the corpus, in prose and in code blocks, as escaped text in the diff", async () => {
  const author = await createUser({ tag: "xss-editor" });
  const question = await createQuestion({ author });
  const answer = await createAnswer({ question, author, content: "A harmless start." });
  // The API refuses NUL characters outright (400), so those payloads never reach a revision.
  const chunks = packPayloads(XSS_PAYLOADS.filter((p) => !p.text.includes("\u0000")), 6_000, "\n\n");
  for (const [i, chunk] of chunks.entries()) {
    // Alternate prose and a fenced code block, so both the word and the line diff see each payload.
    const content = i % 2 === 0 ? `Edit ${i}\n\n${chunk}` : `Edit ${i}\n\n\`\`\`html\n${chunk}\n\`\`\``;
    const req = await signedInRequest(author, `/api/answers/${answer.id}`, { method: "PUT", json: { content, summary: chunk.slice(0, 200) } });
    const res = await putAnswerRoute(req, routeContext({ id: String(answer.id) }));
    expect([res.status, res.status === 200 ? "" : (await res.json()).message]).toEqual([200, ""]);
  }
  const res = await answerRevisionsRoute(visitorRequest(`/api/answers/${answer.id}/revisions`), routeContext({ id: String(answer.id) }));
  const body = (await res.json()) as RevisionListJson<AnswerRevisionJson>;
  expect(body.revisions).toHaveLength(chunks.length + 1);

  const html = renderToStaticMarkup(
    <IntlProvider>
      <RevisionHistory kind="answers" postId={answer.id} revisions={body.revisions} canRollback={false} />
    </IntlProvider>,
  );
  const elements = new Set([...html.matchAll(/<([a-zA-Z][\w:-]*)/g)].map((m) => m[1]!.toLowerCase()));
  expect([...elements].filter((name) => !OWN_ELEMENTS.has(name))).toEqual([]);
  // React escapes < and > in text and attribute values, so each literal tag here is a real element.
  const tags = [...html.matchAll(/<[a-zA-Z][^>]*>/g)].map((m) => m[0]);
  const attributes = new Set(tags.flatMap((tag) => [...tag.matchAll(/\s([a-zA-Z:-]+)=/g)].map((m) => m[1]!.toLowerCase())));
  expect([...attributes].filter((name) => !["class", "id", "href", "datetime", "aria-label", "aria-hidden", "role", "data-slot", "data-variant"].includes(name))).toEqual([]);
  expect(tags.filter((tag) => /href="(?!\/users\/)/.test(tag))).toEqual([]);
  expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
});
