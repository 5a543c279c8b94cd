// The identity of a draft question for its AI answer written before posting (issue 17), shared by
// the Ask dialog (which says when the draft has changed since the answer was written) and the
// server (which keeps the answer bound to a hash of it). Spacing and letter case do not count;
// any other change to the title, the description or the group does. Tags do not: they only hint
// the model, and the member may still be choosing them when asking for the answer.

/** What of a draft the AI answer depends on. */
export interface DraftIdentity {
  title: string;
  description: string;
  groupId: number | null;
}

const normalize = (text: string) => text.normalize("NFC").toLocaleLowerCase("en-US").replace(/\s+/g, " ").trim();

/** The draft's normalized form: equal for two drafts exactly when the answer stays theirs. */
export function draftFingerprint(draft: DraftIdentity): string {
  return `${draft.groupId ?? "-"}\n${normalize(draft.title)}\n${normalize(draft.description)}`;
}
