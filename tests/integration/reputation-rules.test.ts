/** @jest-environment node */
import { db } from "@/lib/server/db";
import { DELETE as withdrawAnswerVoteRoute, POST as answerVoteRoute } from "@/app/api/answers/[id]/vote/route";
import { DELETE as withdrawQuestionVoteRoute, POST as questionVoteRoute } from "@/app/api/questions/[id]/vote/route";
import { DELETE as unacceptRoute, POST as acceptRoute } from "@/app/api/questions/[id]/accept/route";
import { DELETE as deleteAnswerRoute } from "@/app/api/answers/[id]/route";
import { DELETE as deleteQuestionRoute } from "@/app/api/questions/[id]/route";
import { recomputeReputation, recordReputation, revokeReputation } from "@/lib/server/reputation/ledger";
import { createAnswer, createQuestion, createUser, routeContext, signedInRequest } from "@/tests/factories";

type Handler = (req: Request, ctx: ReturnType<typeof routeContext>) => Promise<Response>;

async function call(route: Handler, url: string, id: number, user: { id: string }, method: string, json?: unknown) {
  const req = await signedInRequest(user, url, json === undefined ? { method } : { method, json });
  const res = await route(req, routeContext({ id: String(id) }));
  if (res.status >= 300) throw new Error(`${method} ${url} answered ${res.status}: ${await res.text()}`);
  return res;
}

const voteAnswer = (answer: { id: number }, user: { id: string }, voteType: "up" | "down") =>
  call(answerVoteRoute, `/api/answers/${answer.id}/vote`, answer.id, user, "POST", { voteType });
const withdrawAnswerVote = (answer: { id: number }, user: { id: string }) =>
  call(withdrawAnswerVoteRoute, `/api/answers/${answer.id}/vote`, answer.id, user, "DELETE");
const voteQuestion = (question: { id: number }, user: { id: string }, voteType: "up" | "down") =>
  call(questionVoteRoute, `/api/questions/${question.id}/vote`, question.id, user, "POST", { voteType });
const withdrawQuestionVote = (question: { id: number }, user: { id: string }) =>
  call(withdrawQuestionVoteRoute, `/api/questions/${question.id}/vote`, question.id, user, "DELETE");
const accept = (question: { id: number }, user: { id: string }, answer: { id: number }) =>
  call(acceptRoute, `/api/questions/${question.id}/accept`, question.id, user, "POST", { answerId: answer.id });
const unaccept = (question: { id: number }, user: { id: string }) => call(unacceptRoute, `/api/questions/${question.id}/accept`, question.id, user, "DELETE");
const deleteAnswer = (answer: { id: number }, user: { id: string }) => call(deleteAnswerRoute, `/api/answers/${answer.id}`, answer.id, user, "DELETE");
const deleteQuestion = (question: { id: number }, user: { id: string }) =>
  call(deleteQuestionRoute, `/api/questions/${question.id}`, question.id, user, "DELETE");

/** The member's counter, checked against their ledger on the way. */
async function rep(user: { id: string }): Promise<number> {
  const row = await db.user.findUniqueOrThrow({ where: { id: user.id }, select: { reputation: true, reputationSum: true } });
  const sum = (await db.reputationEvent.aggregate({ where: { userId: user.id }, _sum: { points: true } }))._sum.points ?? 0;
  expect(row.reputationSum).toBe(sum);
  expect(row.reputation).toBe(Math.max(1, 1 + sum));
  return row.reputation;
}

const reasonsOf = async (user: { id: string }) =>
  (await db.reputationEvent.findMany({ where: { userId: user.id }, orderBy: { id: "asc" }, select: { reason: true, points: true } })).map((e) => `${e.reason}:${e.points}`);

async function members(n: number, tag = "rep") {
  return Promise.all(Array.from({ length: n }, () => createUser({ tag })));
}

afterAll(async () => {
  await db.$disconnect();
});

describe("reputation from answer votes", () => {
  it("gives the author +10 for an up-vote and takes it back when the vote is withdrawn", async () => {
    const [asker, author, voter] = await members(3);
    const answer = await createAnswer({ question: await createQuestion({ author: asker! }), author: author! });
    await voteAnswer(answer, voter!, "up");
    expect(await rep(author!)).toBe(11);
    expect(await rep(voter!)).toBe(1);
    expect(await reasonsOf(author!)).toEqual(["answer_upvoted:10"]);
    await voteAnswer(answer, voter!, "up"); // repeating changes nothing
    expect(await rep(author!)).toBe(11);
    await withdrawAnswerVote(answer, voter!);
    expect(await rep(author!)).toBe(1);
    expect(await reasonsOf(author!)).toEqual([]);
  });

  it("takes 2 from the author and 1 from the voter for a down-vote, and undoes both on withdrawal", async () => {
    const [asker, author, voter, booster] = await members(4);
    const answer = await createAnswer({ question: await createQuestion({ author: asker! }), author: author! });
    const voterAnswer = await createAnswer({ question: await createQuestion({ author: asker! }), author: voter! });
    await voteAnswer(answer, booster!, "up"); // author at 11
    await voteAnswer(voterAnswer, booster!, "up"); // voter at 11
    await voteAnswer(answer, voter!, "down");
    expect(await rep(author!)).toBe(9);
    expect(await rep(voter!)).toBe(10);
    expect(await reasonsOf(voter!)).toEqual(["answer_upvoted:10", "downvoted_answer:-1"]);
    await withdrawAnswerVote(answer, voter!);
    expect(await rep(author!)).toBe(11);
    expect(await rep(voter!)).toBe(11);
  });

  it("moves exactly -12 for the author and -1 for the voter when an up-vote becomes a down-vote, and back", async () => {
    const [asker, author, voter] = await members(3);
    const answer = await createAnswer({ question: await createQuestion({ author: asker! }), author: author! });
    await voteAnswer(answer, voter!, "up");
    await voteAnswer(await createAnswer({ question: await createQuestion({ author: asker! }), author: author! }), asker!, "up");
    const before = await db.user.findUniqueOrThrow({ where: { id: author!.id } });
    expect(before.reputationSum).toBe(20);
    await voteAnswer(answer, voter!, "down");
    expect((await db.user.findUniqueOrThrow({ where: { id: author!.id } })).reputationSum).toBe(20 - 10 - 2);
    expect(await rep(author!)).toBe(9);
    expect((await db.user.findUniqueOrThrow({ where: { id: voter!.id } })).reputationSum).toBe(-1);
    await voteAnswer(answer, voter!, "up");
    expect(await rep(author!)).toBe(21);
    expect((await db.user.findUniqueOrThrow({ where: { id: voter!.id } })).reputationSum).toBe(0);
  });

  it("never shows less than 1, and derives the floor from the exact sum (not step by step)", async () => {
    const [asker, author, v1, v2] = await members(4);
    const answer = await createAnswer({ question: await createQuestion({ author: asker! }), author: author! });
    await voteAnswer(answer, v1!, "down");
    await voteAnswer(answer, v2!, "down");
    expect(await rep(author!)).toBe(1);
    expect((await db.user.findUniqueOrThrow({ where: { id: author!.id } })).reputationSum).toBe(-4);
    expect(await rep(v1!)).toBe(1); // -1 shows as 1
    // +10 on top of -4 is 7, not 11: the floor is applied to the sum.
    await voteAnswer(await createAnswer({ question: await createQuestion({ author: asker! }), author: author! }), v1!, "up");
    expect(await rep(author!)).toBe(7);
  });

  it("gives nobody anything for votes on AI answers (automatic or custom-prompt)", async () => {
    const [asker, member, voter] = await members(3);
    const assistant = await createUser({ tag: "assistant", isAssistant: true });
    const question = await createQuestion({ author: asker! });
    const automatic = await createAnswer({ question, author: assistant, isAutoGenerated: true });
    const custom = await createAnswer({ question, author: member!, customPrompt: "Explain it like a pirate" });
    await voteAnswer(automatic, voter!, "up");
    await voteAnswer(custom, voter!, "up");
    await voteAnswer(custom, asker!, "down");
    expect(await rep(assistant)).toBe(1);
    expect(await rep(member!)).toBe(1);
    expect(await rep(asker!)).toBe(1);
    expect(await db.reputationEvent.count({ where: { answerId: { in: [automatic.id, custom.id] } } })).toBe(0);
  });
});

describe("reputation from question votes", () => {
  it("gives the asker +10 and -2, costs the voter nothing, and undoes withdrawn and changed votes", async () => {
    const [asker, up, down] = await members(3);
    const question = await createQuestion({ author: asker! });
    await voteQuestion(question, up!, "up");
    expect(await rep(asker!)).toBe(11);
    await voteQuestion(question, down!, "down");
    expect(await rep(asker!)).toBe(9);
    expect(await rep(down!)).toBe(1);
    expect((await db.user.findUniqueOrThrow({ where: { id: down!.id } })).reputationSum).toBe(0);
    await voteQuestion(question, down!, "up");
    expect(await rep(asker!)).toBe(21);
    await withdrawQuestionVote(question, up!);
    await withdrawQuestionVote(question, down!);
    expect(await rep(asker!)).toBe(1);
    expect(await reasonsOf(asker!)).toEqual([]);
  });
});

describe("reputation from accepted answers", () => {
  it("gives +15 to the answer's author and +2 to the asker, moves with the mark and goes with unaccept", async () => {
    const [asker, first, second] = await members(3);
    const question = await createQuestion({ author: asker! });
    const a1 = await createAnswer({ question, author: first! });
    const a2 = await createAnswer({ question, author: second! });
    await accept(question, asker!, a1);
    expect(await rep(first!)).toBe(16);
    expect(await rep(asker!)).toBe(3);
    await accept(question, asker!, a1); // again: nothing more
    expect(await rep(first!)).toBe(16);
    expect(await rep(asker!)).toBe(3);
    await accept(question, asker!, a2);
    expect(await rep(first!)).toBe(1);
    expect(await rep(second!)).toBe(16);
    expect(await rep(asker!)).toBe(3);
    expect(await reasonsOf(asker!)).toEqual(["accepted_answer:2"]);
    await unaccept(question, asker!);
    expect(await rep(second!)).toBe(1);
    expect(await rep(asker!)).toBe(1);
    await accept(question, asker!, a1); // accepting again after an unaccept counts again
    expect(await rep(first!)).toBe(16);
  });

  it("gives nothing for accepting one's own answer, nor for accepting an AI answer", async () => {
    const [asker, member] = await members(2);
    const assistant = await createUser({ tag: "assistant", isAssistant: true });
    const question = await createQuestion({ author: asker! });
    const own = await createAnswer({ question, author: asker! });
    const automatic = await createAnswer({ question, author: assistant, isAutoGenerated: true });
    const custom = await createAnswer({ question, author: member!, customPrompt: "Answer in haiku" });
    for (const answer of [own, automatic, custom]) {
      await accept(question, asker!, answer);
      expect(await rep(asker!)).toBe(1);
    }
    expect(await rep(assistant)).toBe(1);
    expect(await rep(member!)).toBe(1);
  });
});

describe("deleted posts take their points back", () => {
  it("deleting an answer takes back its votes' and its accept's points, the down-voter's -1 included", async () => {
    const [asker, author, up, down] = await members(4);
    const question = await createQuestion({ author: asker! });
    const answer = await createAnswer({ question, author: author! });
    const other = await createAnswer({ question, author: author! });
    await voteAnswer(answer, up!, "up");
    await voteAnswer(answer, down!, "down");
    await voteAnswer(other, up!, "up");
    await accept(question, asker!, answer);
    expect(await rep(author!)).toBe(1 + 10 - 2 + 10 + 15);
    expect(await rep(asker!)).toBe(3);
    expect((await db.user.findUniqueOrThrow({ where: { id: down!.id } })).reputationSum).toBe(-1);
    await deleteAnswer(answer, author!);
    expect(await rep(author!)).toBe(11); // the other answer's up-vote stays
    expect(await rep(asker!)).toBe(1);
    expect((await db.user.findUniqueOrThrow({ where: { id: down!.id } })).reputationSum).toBe(0);
  });

  it("deleting a question takes back everything earned on it and its answers", async () => {
    const [asker, author, voter] = await members(3);
    const question = await createQuestion({ author: asker! });
    const keep = await createQuestion({ author: asker! });
    const answer = await createAnswer({ question, author: author! });
    await voteQuestion(question, voter!, "up");
    await voteQuestion(keep, voter!, "up");
    await voteAnswer(answer, voter!, "down");
    await accept(question, asker!, answer);
    expect(await rep(asker!)).toBe(1 + 10 + 10 + 2);
    expect(await rep(author!)).toBe(1 - 2 + 15);
    await deleteQuestion(question, asker!);
    expect(await rep(asker!)).toBe(11);
    expect(await rep(author!)).toBe(1);
    expect((await db.user.findUniqueOrThrow({ where: { id: voter!.id } })).reputationSum).toBe(0);
  });
});

describe("the ledger", () => {
  it("records an event once per source key and revokes it by key or prefix (the suggested-edits hook)", async () => {
    const [member, approver] = await members(2);
    const event = { userId: member!.id, points: 2, reason: "suggested_edit_approved" as const, actorId: approver!.id, sourceKey: `suggested-edit:${member!.id}:1` };
    expect(await db.$transaction((tx) => recordReputation(tx, event))).toBe(true);
    expect(await db.$transaction((tx) => recordReputation(tx, event))).toBe(false);
    expect(await db.$transaction((tx) => recordReputation(tx, { ...event, sourceKey: `suggested-edit:${member!.id}:2` }))).toBe(true);
    expect(await rep(member!)).toBe(5);
    expect(await db.$transaction((tx) => revokeReputation(tx, `suggested-edit:${member!.id}:1`))).toBe(1);
    expect(await rep(member!)).toBe(3);
    expect(await db.$transaction((tx) => revokeReputation(tx, `suggested-edit:${member!.id}:`))).toBe(1);
    expect(await rep(member!)).toBe(1);
  });

  it("refuses to change an event's points in place", async () => {
    const [member] = await members(1);
    await recordReputation(db, { userId: member!.id, points: 2, reason: "suggested_edit_approved", sourceKey: `test:${member!.id}` });
    await expect(db.$executeRaw`UPDATE reputation_events SET points = 200 WHERE user_id = ${member!.id}`).rejects.toThrow();
    expect(await rep(member!)).toBe(3);
  });

  it("recompute corrects a counter that drifted from the ledger and changes nothing otherwise", async () => {
    const [member] = await members(1);
    await recordReputation(db, { userId: member!.id, points: 2, reason: "suggested_edit_approved", sourceKey: `test:${member!.id}` });
    const scope = { userIds: [member!.id] };
    expect((await recomputeReputation(db, scope)).corrected).toBe(0);
    await db.$executeRaw`UPDATE users SET reputation = 999, reputation_sum = 998 WHERE id = ${member!.id}`;
    expect((await recomputeReputation(db, scope)).corrected).toBe(1);
    expect(await rep(member!)).toBe(3);
  });
});

describe("reputation under concurrency", () => {
  it("50 members up-voting one answer at once give its author exactly +500", async () => {
    const [asker, author] = await members(2);
    const voters = await members(50, "racer");
    const answer = await createAnswer({ question: await createQuestion({ author: asker! }), author: author! });
    await Promise.all(voters.map((v) => voteAnswer(answer, v, "up")));
    expect(await rep(author!)).toBe(501);
    expect(await db.reputationEvent.count({ where: { answerId: answer.id } })).toBe(50);
    expect((await db.answer.findUniqueOrThrow({ where: { id: answer.id } })).voteScore).toBe(50);
  });

  it("one member's up, down and withdraw at once leave the events of whichever vote won", async () => {
    const [asker, author, voter] = await members(3);
    const answer = await createAnswer({ question: await createQuestion({ author: asker! }), author: author! });
    for (let round = 0; round < 5; round += 1) {
      await Promise.all([voteAnswer(answer, voter!, "up"), voteAnswer(answer, voter!, "down"), withdrawAnswerVote(answer, voter!), voteAnswer(answer, voter!, "up")]);
      const vote = await db.vote.findUnique({ where: { userId_answerId: { userId: voter!.id, answerId: answer.id } } });
      const expected = vote === null ? 0 : vote.voteType === "up" ? 10 : -2;
      expect((await db.user.findUniqueOrThrow({ where: { id: author!.id } })).reputationSum).toBe(expected);
      expect((await db.user.findUniqueOrThrow({ where: { id: voter!.id } })).reputationSum).toBe(vote?.voteType === "down" ? -1 : 0);
    }
  });

  it("two members down-voting each other's answers at once never deadlock", async () => {
    const [asker, a, b] = await members(3);
    const question = await createQuestion({ author: asker! });
    const answerA = await createAnswer({ question, author: a! });
    const answerB = await createAnswer({ question, author: b! });
    for (let round = 0; round < 5; round += 1) {
      const type = round % 2 === 0 ? "down" : "up";
      await Promise.all([voteAnswer(answerB, a!, type), voteAnswer(answerA, b!, type)]);
    }
    // The last round is down: -2 on their answer and -1 for their own down-vote.
    expect(await rep(a!)).toBe(1);
    expect((await db.user.findUniqueOrThrow({ where: { id: a!.id } })).reputationSum).toBe(-3);
    expect((await db.user.findUniqueOrThrow({ where: { id: b!.id } })).reputationSum).toBe(-3);
  });
});
