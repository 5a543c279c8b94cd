// Precision and recall of the spam heuristics (lib/server/spam/heuristics.ts) on the labelled set
// tests/fixtures/spam-set.json: shared by `npm run bench:spam` and tests/unit/spam-heuristics.test.ts.
import fs from "node:fs";
import path from "node:path";
import { analyzePost, describeSignals } from "../../lib/server/spam/heuristics";

export interface LabelledPost {
  id: number;
  label: "spam" | "ham";
  kind: string;
  type: "question" | "answer" | "comment";
  text: string;
}

export interface SpamMeasure {
  total: number;
  spam: number;
  ham: number;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  precision: number;
  recall: number;
  /** The posts judged wrongly, with the signals seen. */
  mistakes: { id: number; label: string; kind: string; score: number; signals: string; text: string }[];
}

export function loadSpamSet(file = path.join(__dirname, "../../tests/fixtures/spam-set.json")): LabelledPost[] {
  return JSON.parse(fs.readFileSync(file, "utf8")) as LabelledPost[];
}

export function measureHeuristics(posts: readonly LabelledPost[]): SpamMeasure {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  const mistakes: SpamMeasure["mistakes"] = [];
  for (const post of posts) {
    const verdict = analyzePost(post.text);
    const isSpam = post.label === "spam";
    if (verdict.spam && isSpam) tp += 1;
    else if (verdict.spam) fp += 1;
    else if (isSpam) fn += 1;
    if (verdict.spam !== isSpam) {
      mistakes.push({ id: post.id, label: post.label, kind: post.kind, score: verdict.score, signals: describeSignals(verdict), text: post.text.slice(0, 90) });
    }
  }
  const spam = posts.filter((p) => p.label === "spam").length;
  return {
    total: posts.length,
    spam,
    ham: posts.length - spam,
    truePositives: tp,
    falsePositives: fp,
    falseNegatives: fn,
    precision: tp + fp === 0 ? 1 : tp / (tp + fp),
    recall: spam === 0 ? 1 : tp / spam,
    mistakes,
  };
}
