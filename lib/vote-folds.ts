// The wording of a vote notification (issue 15): one per answer per UTC day, counting its up- and down-votes.

const count = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`;

/** "Your answer received 3 upvotes and 1 downvote" (either part left out at zero). */
export function voteFoldTitle(up: number, down: number): string {
  const parts = [up > 0 ? count(up, "upvote") : null, down > 0 ? count(down, "downvote") : null].filter(Boolean);
  return `Your answer received ${parts.join(" and ")}`;
}

/**
 * "Dave Last and 2 others upvoted your answer to “Title” (and 1 downvote)": the latest up-voter
 * is named (down-voters never are); with no up-votes, "Your answer to “Title” received 2 downvotes".
 * `quotedTitle` comes quoted and shortened by the caller.
 */
export function voteFoldMessage({ up, down, upVoterName, quotedTitle }: { up: number; down: number; upVoterName: string | null; quotedTitle: string }): string {
  if (up === 0) return `Your answer to ${quotedTitle} received ${count(down, "downvote")}`;
  const others = up - 1;
  const who = others === 0 ? (upVoterName ?? "Someone") : `${upVoterName ?? "Someone"} and ${others} ${others === 1 ? "other" : "others"}`;
  return `${who} upvoted your answer to ${quotedTitle}${down > 0 ? ` (and ${count(down, "downvote")})` : ""}`;
}
