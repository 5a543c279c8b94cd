// Which words of a similar-questions lookup are read from the index (lib/server/similar/lexemes.ts):
// at a million questions a common word must not make the lookup read most of the table.
import { planCandidates, type LexemeStats } from "@/lib/server/similar/lexemes";

const big = (shares: Record<string, number>): LexemeStats => ({ rows: 1_000_000, shares: new Map(Object.entries(shares)) });
const small: LexemeStats = { rows: 42, shares: new Map([["react", 0.5], ["state", 0.4]]) };

describe("planCandidates", () => {
  it("reads every word, and the whole title's trigrams, in a small community", () => {
    const plan = planCandidates(["react", "state", "ref"], ["react", "state"], ["React", "state"], small);
    expect(plan.candidates).toBe("'ref' | 'state' | 'react'");
    expect(plan.denseCandidates).toBeNull();
    expect(plan.trigramWords).toBe("title");
    expect(plan.rank).toBe("'react' | 'state' | 'ref'");
  });

  it("leaves common words out of the candidates at a million questions, but ranks with them", () => {
    const plan = planCandidates(["error", "oomkil", "pod", "use"], ["oomkil", "pod", "error"], ["OOMKilled", "pod", "error"], big({ error: 0.2, use: 0.3, pod: 0.001 }));
    expect(plan.candidates).toBe("'oomkil' | 'pod'");
    expect(plan.denseCandidates).toBeNull();
    expect(plan.rank).toBe("'error' | 'oomkil' | 'pod' | 'use'");
    // Trigrams only for the title's uncommon words (the whole title's would read most of the index).
    expect(plan.trigramWords).toEqual(["OOMKilled"]);
  });

  it("never reads the trigrams of a stop word, a short word or a common word in a large table", () => {
    const plan = planCandidates(["fail", "kubernet", "oomkil"], ["fail", "kubernet", "oomkil"], ["Why", "does", "my", "pod", "fail", "Kubernetes", "OOMKilled"], big({ kubernet: 0.2 }));
    expect(plan.trigramWords).toEqual(["OOMKilled"]);
  });

  it("falls back to pairs of the title's common words, rarest first, when the title has no uncommon word", () => {
    const plan = planCandidates(["hash", "compil", "golang", "interfac"], ["hash", "compil", "golang"], ["hash", "compile", "golang"], big({ hash: 0.19, compil: 0.2, golang: 0.18, interfac: 0.19 }));
    expect(plan.candidates).toBeNull();
    expect(plan.denseCandidates).toBe("('golang' & 'hash') | ('golang' & 'compil') | ('hash' & 'compil')");
    expect(plan.trigramWords).toEqual([]);
  });

  it("does not scan for pairs too rare to be found by a short scan", () => {
    const plan = planCandidates(["alpha", "beta"], ["alpha", "beta"], ["alpha", "beta"], big({ alpha: 0.06, beta: 0.06 }));
    expect(plan.denseCandidates).toBeNull();
  });

  it("quotes lexemes for to_tsquery", () => {
    const plan = planCandidates(["it's", "a\\b"], ["it's"], ["it's"], small);
    expect(plan.candidates).toBe("'it''s' | 'a\\\\b'");
  });

  it("plans nothing for a text without lexemes", () => {
    expect(planCandidates([], [], [], small)).toEqual({ candidates: null, denseCandidates: null, rank: null, trigramWords: [] });
  });
});
