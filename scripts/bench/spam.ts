// npm run bench:spam: precision and recall of the spam heuristics alone on the labelled set
// tests/fixtures/spam-set.json (docs/SECURITY.md section 6f quotes the figures).
import { loadSpamSet, measureHeuristics } from "./spam-measure";

const result = measureHeuristics(loadSpamSet());
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
console.log(`Spam heuristics on ${result.total} labelled posts (${result.spam} spam, ${result.ham} real):`);
console.log(`  precision ${pct(result.precision)}  (${result.truePositives} of ${result.truePositives + result.falsePositives} judged spam were spam)`);
console.log(`  recall    ${pct(result.recall)}  (${result.truePositives} of ${result.spam} spam posts caught)`);
if (result.mistakes.length) {
  console.log("\nMistakes:");
  for (const m of result.mistakes) console.log(`  #${m.id} ${m.label === "spam" ? "missed spam" : "false alarm"} [${m.kind}] score ${m.score}: ${m.signals || "no signal"}\n      ${JSON.stringify(m.text)}`);
}
