// The status of an AI answer's verification (issue 16), one rule for the server's read model and
// the answer card (which recomputes it when the asker accepts or unaccepts in place).

/** How many more "correct" than "incorrect" verdicts make an answer verified. */
export const VERIFIED_MARGIN = 2;
/** How many "incorrect" verdicts (outnumbering the "correct" ones) make an answer disputed. */
export const DISPUTED_MIN = 2;

/** unverified, verified (accepted by the asker, or VERIFIED_MARGIN more correct than incorrect), disputed. */
export type VerificationStatus = "unverified" | "verified" | "disputed";

/** The status the tally and the accepted mark call for: accepted wins, then the margin, then a dispute. */
export function verificationStatus({ correct, incorrect, accepted }: { correct: number; incorrect: number; accepted: boolean }): VerificationStatus {
  if (accepted || correct - incorrect >= VERIFIED_MARGIN) return "verified";
  if (incorrect >= DISPUTED_MIN && incorrect > correct) return "disputed";
  return "unverified";
}
