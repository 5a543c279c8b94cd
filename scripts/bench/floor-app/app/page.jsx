import Counter from "./counter";

// Rendered for every request, as a visitor's question page is.
export const dynamic = "force-dynamic";

const SENTENCE = "A paragraph of an answer that explains how the index is used by the planner, with enough words to look like text. ";

/** About `chars` characters of text in paragraphs of about 500, like the answers of a question page. */
function paragraphs(chars) {
  const out = [];
  for (let i = 0, left = chars; left > 0; i++, left -= 500) {
    out.push(<p key={i}>{SENTENCE.repeat(5).slice(0, Math.min(500, left))}</p>);
  }
  return out;
}

export default async function Page({ searchParams }) {
  const { pad } = await searchParams;
  const chars = Math.min(2_000_000, Math.max(0, Math.floor(Number(pad) || 0)));
  return (
    <main>
      <h1>The floor page</h1>
      <Counter />
      {paragraphs(chars)}
    </main>
  );
}
