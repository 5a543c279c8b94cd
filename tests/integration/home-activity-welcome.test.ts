/** @jest-environment node */
import { db } from "@/lib/server/db";
import { DELETE as dismissRoute } from "@/app/api/users/me/welcome/route";
import { PATCH as preferencesRoute } from "@/app/api/users/settings/preferences/route";
import { getHomeExtras } from "@/lib/server/home/queries";
import { countingStatements } from "@/tests/support/statement-counter";
import { createAnswer, createComment, createGroup, createQuestion, createTag, createUser, routeContext, signedInRequest, visitorRequest } from "@/tests/factories";

const statementsOf = countingStatements();

const listRecentActivity = async (viewer: { id: string; groupIds?: number[] }, limit?: number) => (await getHomeExtras(viewer, [], limit)).activity;
const getWelcomeState = async (viewer: { id: string }, tagIds: number[]) => (await getHomeExtras(viewer, tagIds)).welcome;

afterAll(async () => {
  await db.$disconnect();
});

describe("getHomeExtras: the home page's Recent Activity", () => {
  it("lists the member's latest questions, answers and comments together, newest first, with the card's state in one statement", async () => {
    const me = await createUser({ tag: "active" });
    const other = await createUser({ tag: "other" });
    const mine = await createQuestion({ author: me, title: "How do I read a CSV in pandas?" });
    const theirs = await createQuestion({ author: other, title: "Why is my Docker build slow?" });
    const answer = await createAnswer({ question: theirs, author: me });
    const theirAnswer = await createAnswer({ question: mine, author: other });
    const comment = await createComment({ answer: theirAnswer, author: me });
    await createQuestion({ author: other, title: "Not mine at all" });
    // Distinct times, oldest first: question, answer, comment.
    const t0 = Date.now() - 60_000;
    await db.question.update({ where: { id: mine.id }, data: { createdAt: new Date(t0) } });
    await db.answer.update({ where: { id: answer.id }, data: { createdAt: new Date(t0 + 1000) } });
    await db.comment.update({ where: { id: comment.id }, data: { createdAt: new Date(t0 + 2000) } });

    const { result: extras, count } = await statementsOf(() => getHomeExtras({ id: me.id }, []));
    expect(count).toBe(1);
    const result = extras.activity;
    expect(result[2]!.createdAt).toBe(new Date(t0).toISOString());
    expect(result.map((item) => [item.kind, item.questionTitle, item.link])).toEqual([
      ["comment", "How do I read a CSV in pandas?", `/questions/${mine.id}#comment-${comment.id}`],
      ["answer", "Why is my Docker build slow?", `/questions/${theirs.id}#answer-${answer.id}`],
      ["question", "How do I read a CSV in pandas?", `/questions/${mine.id}`],
    ]);
  });

  it("is bounded to a few items and empty for a member who has posted nothing", async () => {
    const busy = await createUser({ tag: "busy" });
    for (let i = 0; i < 8; i++) await createQuestion({ author: busy });
    expect(await listRecentActivity({ id: busy.id })).toHaveLength(5);
    expect(await listRecentActivity({ id: busy.id }, 3)).toHaveLength(3);
    const quiet = await createUser({ tag: "quiet" });
    expect(await listRecentActivity({ id: quiet.id })).toEqual([]);
  });

  it("leaves out posts in a private group the member no longer belongs to", async () => {
    const owner = await createUser({ tag: "owner" });
    const leaver = await createUser({ tag: "leaver" });
    const group = await createGroup({ creator: owner, members: [leaver], isPrivate: true });
    await createQuestion({ author: leaver, group, title: "Secret group question" });
    await db.groupMember.deleteMany({ where: { groupId: group.id, userId: leaver.id } });
    expect(await listRecentActivity({ id: leaver.id, groupIds: [] })).toEqual([]);
  });
});

describe("the first-run card", () => {
  const dismiss = async (user: { id: string } | null) => {
    const req = user ? await signedInRequest(user, "/api/users/me/welcome", { method: "DELETE" }) : visitorRequest("/api/users/me/welcome", { method: "DELETE" });
    return dismissRoute(req, routeContext({}));
  };

  it("shows to a new member, with which offered tags they already follow", async () => {
    const newbie = await createUser({ tag: "newbie" });
    const [python, rust] = [await createTag(), await createTag()];
    await db.tagFollow.create({ data: { userId: newbie.id, tagId: rust.id } });
    expect(await getWelcomeState({ id: newbie.id }, [python.id, rust.id])).toEqual({ show: true, followedTagIds: [rust.id] });
  });

  it("stops showing once the member follows a tag and has asked a question", async () => {
    const member = await createUser({ tag: "settled" });
    const tag = await createTag();
    await db.tagFollow.create({ data: { userId: member.id, tagId: tag.id } });
    expect((await getWelcomeState({ id: member.id }, [])).show).toBe(true);
    await createQuestion({ author: member });
    expect((await getWelcomeState({ id: member.id }, [])).show).toBe(false);
  });

  it("DELETE /api/users/me/welcome dismisses it for good, keeps the preferences, and survives a later preferences save", async () => {
    const member = await createUser({ tag: "dismisser" });
    await db.user.update({ where: { id: member.id }, data: { preferences: { theme: "dark" } } });
    const res = await dismiss(member);
    expect(res.status).toBe(204);
    expect((await dismiss(member)).status).toBe(204); // repeating changes nothing
    expect((await getWelcomeState({ id: member.id }, [])).show).toBe(false);

    const req = await signedInRequest(member, "/api/users/settings/preferences", { method: "PATCH", json: { questionsPerPage: 25 } });
    const saved = await preferencesRoute(req, routeContext({}));
    expect(await saved.json()).toEqual({ theme: "dark", language: null, questionsPerPage: 25 }); // the flag is not a preference
    expect((await getWelcomeState({ id: member.id }, [])).show).toBe(false);
  });

  it("answers 401 to visitors", async () => {
    const res = await dismiss(null);
    expect(res.status).toBe(401);
    expect((await res.json()).message).toContain("Unauthorized");
  });
});
