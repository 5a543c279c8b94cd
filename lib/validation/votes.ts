// Votes: the same schema checks the vote buttons' payload in the browser and the body of
// POST /api/answers/{id}/vote on the server (SPEC.md section 7).
import { z } from "./zod";

export const VOTE_TYPE_MESSAGE = "Vote type must be up or down";

/** The two kinds of vote (SPEC.md section 3: 'up' or 'down'). */
export const voteTypes = ["up", "down"] as const;
export type VoteType = (typeof voteTypes)[number];

/** POST /api/answers/{id}/vote. */
export const voteSchema = z.object(
  { voteType: z.enum(voteTypes, { error: VOTE_TYPE_MESSAGE }) },
  { error: "Request body must be a JSON object" },
);

export type VoteInput = z.output<typeof voteSchema>;
