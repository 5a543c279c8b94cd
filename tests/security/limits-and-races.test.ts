/** @jest-environment node */
// Weaknesses guarded against: abuse by volume (brute-forcing passwords, mass sign-ups, spam,
// vote rings, AI and storage cost) without the 429 and Retry-After of DECISIONS.md section 8;
// and races where identical concurrent requests double an effect or a counter, or crash (5xx).
import sharp from "sharp";
import { db } from "@/lib/server/db";
import { rateLimits, resetLimit, type LimiterName } from "@/lib/server/rate-limit";
import { countersOf, createAnswer, createCategory, createComment, createGroup, createQuestion, createTag, createUser, groupCountersOf, unique } from "@/tests/factories";
import { PUSH_SUBSCRIPTIONS_PER_MEMBER } from "@/lib/validation/push";
import { createBrowserKeys, withVapidKeys } from "@/tests/support/fake-push-service";
import { callRoute, createMember, discoverRoutes, isolateTestFile, routeKey, WORLD_PASSWORD, type ApiRoute, type CallOptions } from "@/tests/security/support";

let routes: ApiRoute[];
isolateTestFile("limits", { ai: "fake" });

let png: Buffer;

const route = (key: string) => {
  const found = routes.find((r) => routeKey(r) === key);
  if (!found) throw new Error(`No route ${key}`);
  return found;
};
let ipCounter = 0;
/** A client address of its own, so one test's per-IP counters are not another's. */
const newIp = () => `198.18.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

beforeAll(async () => {
  png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#993366" } }).png().toBuffer();
  routes = await discoverRoutes();
});

/**
 * Sends `attempt(i)` until the limit's allowance is spent, then once more: every answer before
 * is below 500 and not 429; the one after is 429 with the limit's message and a Retry-After
 * of at most the limit's window.
 */
async function expectLimit(name: LimiterName, attempt: (i: number) => Promise<{ status: number; text: string; headers: Headers }>) {
  const { points, duration, message } = rateLimits[name];
  const before: number[] = [];
  for (let i = 0; i < points; i++) before.push((await attempt(i)).status);
  expect(before.filter((s) => s === 429 || s >= 500)).toEqual([]);
  const over = await attempt(points);
  expect(over.status).toBe(429);
  const body = JSON.parse(over.text) as { message?: string; code?: string; url?: string };
  // next-auth's client reads its own shape: the message rides in the error URL it is sent to.
  if (body.url) expect(new URL(body.url).searchParams.get("error")).toBe(message);
  else expect(body).toMatchObject({ message, code: "rate_limited" });
  const retryAfter = Number(over.headers.get("retry-after"));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(duration);
}

/** A member past the new members' rules (trust level 1): an account of two days with three questions. */
async function establishedMember(tag: string) {
  const member = await createMember(tag);
  await db.user.update({ where: { id: member.user.id }, data: { createdAt: new Date(Date.now() - 2 * 24 * 60 * 60_000) } });
  for (let i = 0; i < 3; i++) await createQuestion({ author: member.user });
  return member;
}

const form = () => {
  const body = new FormData();
  body.append("image", new File([new Uint8Array(png)], "dot.png", { type: "image/png" }));
  return body;
};

/** A scenario that exhausts each limit of lib/server/rate-limit.ts through its route. */
const scenarios: Record<LimiterName, () => Promise<void>> = {
  // Password guessing: 6 sign-ins a minute per IP (Discourse's default).
  signIn: async () => {
    const { user } = await createMember(`guess-${unique()}`);
    const ip = newIp();
    const csrf = await callRoute(route("GET /api/auth/[...nextauth]"), { params: { nextauth: ["csrf"] }, headers: { "x-forwarded-for": ip } });
    const csrfCookie = csrf.headers.get("set-cookie")!.split(";")[0]!;
    const { csrfToken } = JSON.parse(csrf.text) as { csrfToken: string };
    await expectLimit("signIn", (i) =>
      callRoute(route("POST /api/auth/[...nextauth]"), {
        params: { nextauth: ["callback", "credentials"] },
        cookie: csrfCookie,
        body: new URLSearchParams({ csrfToken, email: user.email, password: `wrong guess ${i}`, json: "true" }).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": ip },
      }),
    );
    // Even the right password waits out the window.
    const right = await callRoute(route("POST /api/auth/[...nextauth]"), {
      params: { nextauth: ["callback", "credentials"] },
      cookie: csrfCookie,
      body: new URLSearchParams({ csrfToken, email: user.email, password: WORLD_PASSWORD, json: "true" }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": ip },
    });
    expect(right.status).toBe(429);
  },
  // Mass sign-ups from one network.
  register: async () => {
    const ip = newIp();
    await expectLimit("register", () =>
      callRoute(route("POST /api/register"), { json: { email: `mass-${unique()}@example.com`, password: "long enough password" }, headers: { "x-forwarded-for": ip } }),
    );
  },
  // Question spam: 15 s apart.
  questionInterval: async () => {
    const { cookie } = await createMember(`asker-${unique()}`);
    const tag = await createTag();
    await expectLimit("questionInterval", () =>
      callRoute(route("POST /api/questions"), { cookie, json: { title: `Question number ${unique()}`, tagIds: [tag.id] } }),
    );
  },
  // Question spam: 20 a day (the 15-second spacing is waived here by clearing that counter).
  questionDaily: async () => {
    const { user, cookie } = await createMember(`daily-${unique()}`);
    const tag = await createTag();
    await expectLimit("questionDaily", async () => {
      await resetLimit("questionInterval", user.id);
      return callRoute(route("POST /api/questions"), { cookie, json: { title: `Question number ${unique()}`, tagIds: [tag.id] } });
    });
  },
  // Vote rings: 40 votes a day.
  voteDaily: async () => {
    const author = await createMember(`voted-${unique()}`);
    const { cookie } = await createMember(`voter-${unique()}`);
    const question = await createQuestion({ author: author.user });
    const answers: { id: number }[] = [];
    for (let i = 0; i <= rateLimits.voteDaily.points; i++) answers.push(await createAnswer({ question, author: author.user }));
    await expectLimit("voteDaily", (i) => callRoute(route("POST /api/answers/[id]/vote"), { cookie, params: { id: String(answers[i]!.id) }, json: { voteType: "up" } }));
  },
  // Verdicts on AI answers (issue 16): each change counts, a repeat is free.
  verdictDaily: async () => {
    const author = await createMember(`prompted-${unique()}`);
    const { cookie } = await createMember(`judge-${unique()}`);
    const question = await createQuestion({ author: author.user });
    const answer = await createAnswer({ question, author: author.user, customPrompt: "Answer briefly" });
    const verdict = (i: number) =>
      callRoute(route("POST /api/answers/[id]/verification"), {
        cookie,
        params: { id: String(answer.id) },
        json: i % 2 === 0 ? { verdict: "correct" } : { verdict: "incorrect", reason: `The step ${i} is wrong here` },
      });
    await expectLimit("verdictDaily", async (i) => {
      if (i === 1) expect((await verdict(0)).status).toBe(200); // a repeat is free
      return verdict(i);
    });
  },
  // AI cost: a quota of custom-prompt generations per hour.
  aiHourly: async () => {
    const { user, cookie } = await createMember(`prompter-${unique()}`);
    const question = await createQuestion({ author: user });
    await expectLimit("aiHourly", () =>
      callRoute(route("POST /api/questions/[id]/generate-preview"), { cookie, params: { id: String(question.id) }, json: { customPrompt: "Answer briefly" } }),
    );
  },
  // AI cost while typing: the model's suggestions on a draft in the Ask dialog (issue 17).
  aiCoachHourly: async () => {
    const { cookie } = await createMember(`coached-${unique()}`);
    await expectLimit("aiCoachHourly", (i) =>
      callRoute(route("POST /api/ai/coach"), { cookie, json: { title: `Why does my build stop on CI, take ${i}?`, description: "The pipeline stops at the test step.", locale: "en" } }),
    );
  },
  // Storage cost: uploads per hour.
  uploadHourly: async () => {
    const { cookie } = await createMember(`uploader-${unique()}`);
    await expectLimit("uploadHourly", () => callRoute(route("POST /api/upload/image"), { cookie, body: form() }));
  },
  // Scraping or load through search: 30 visitor searches a minute per IP; a member is not limited, another IP has its own allowance.
  searchVisitor: async () => {
    const ip = newIp();
    await expectLimit("searchVisitor", (i) => callRoute(route("GET /api/search"), { query: `q=question+${i}`, headers: { "x-forwarded-for": ip } }));
    const { cookie } = await createMember(`searcher-${unique()}`);
    expect((await callRoute(route("GET /api/search"), { cookie, query: "q=question", headers: { "x-forwarded-for": ip } })).status).toBe(200);
    expect((await callRoute(route("GET /api/search"), { query: "q=question", headers: { "x-forwarded-for": newIp() } })).status).toBe(200);
  },
  // Notification spam: invitations a group's creator sends per hour (a repeated one still counts).
  groupInviteHourly: async () => {
    const creator = await createMember(`inviter-${unique()}`);
    const invitee = await createMember(`invitee-${unique()}`);
    const group = await createGroup({ creator: creator.user, isPrivate: true });
    await expectLimit("groupInviteHourly", () =>
      callRoute(route("POST /api/groups/[id]/invitations"), { cookie: creator.cookie, params: { id: String(group.id) }, json: { userId: invitee.user.id } }),
    );
  },
  // --- Issue 14: every other write (new members and spam). ---
  // Answer flooding by an established member (level 1): 100 a day.
  answerDaily: async () => {
    const { cookie } = await establishedMember(`answers-${unique()}`);
    const question = await createQuestion({ author: (await createMember(`asked-${unique()}`)).user });
    await expectLimit("answerDaily", (i) =>
      callRoute(route("POST /api/questions/[id]/answers"), { cookie, params: { id: String(question.id) }, json: { content: `Answer number ${i}: ${unique()} explains it another way.` } }),
    );
  },
  // Suggested edits (issue 13): 20 a day, each on a post of its own (one pending per post).
  suggestedEditDaily: async () => {
    const { cookie } = await establishedMember(`suggester-${unique()}`);
    const author = (await createMember(`edited-${unique()}`)).user;
    const question = await createQuestion({ author });
    const answers: { id: number }[] = [];
    for (let i = 0; i <= rateLimits.suggestedEditDaily.points; i++) answers.push(await createAnswer({ question, author }));
    await expectLimit("suggestedEditDaily", (i) =>
      callRoute(route("POST /api/suggested-edits"), { cookie, json: { targetType: "answer", targetId: answers[i]!.id, content: `A clearer answer, version ${unique()}.`, summary: "Clearer" } }),
    );
  },
  // A brand-new member: 5 suggested edits a day.
  suggestedEditNewMemberDaily: async () => {
    const { cookie } = await createMember(`new-suggester-${unique()}`);
    const author = (await createMember(`edited-${unique()}`)).user;
    const question = await createQuestion({ author });
    const answers: { id: number }[] = [];
    for (let i = 0; i <= rateLimits.suggestedEditNewMemberDaily.points; i++) answers.push(await createAnswer({ question, author }));
    await expectLimit("suggestedEditNewMemberDaily", (i) =>
      callRoute(route("POST /api/suggested-edits"), { cookie, json: { targetType: "answer", targetId: answers[i]!.id, content: `A clearer answer, version ${unique()}.`, summary: "Clearer" } }),
    );
  },
  // A brand-new member: 10 answers a day (Discourse's first-day replies).
  answerNewMemberDaily: async () => {
    const { cookie } = await createMember(`newcomer-${unique()}`);
    const question = await createQuestion({ author: (await createMember(`asked-${unique()}`)).user });
    await expectLimit("answerNewMemberDaily", (i) =>
      callRoute(route("POST /api/questions/[id]/answers"), { cookie, params: { id: String(question.id) }, json: { content: `First-day answer ${i}: ${unique()} with its own words.` } }),
    );
  },
  // Comment flooding by an established member: 200 a day, comments and replies together.
  commentDaily: async () => {
    const { user, cookie } = await establishedMember(`commenter-${unique()}`);
    const question = await createQuestion({ author: user });
    const answer = await createAnswer({ question, author: user });
    const parent = await createComment({ answer, author: user });
    await expectLimit("commentDaily", (i) =>
      i % 2 === 0
        ? callRoute(route("POST /api/answers/[id]/comments"), { cookie, params: { id: String(answer.id) }, json: { content: `Comment ${i} ${unique()}` } })
        : callRoute(route("POST /api/comments/[id]/replies"), { cookie, params: { id: String(parent.id) }, json: { content: `Reply ${i} ${unique()}` } }),
    );
  },
  // A brand-new member: 20 comments and replies a day.
  commentNewMemberDaily: async () => {
    const { user, cookie } = await createMember(`newcommenter-${unique()}`);
    const question = await createQuestion({ author: user });
    const answer = await createAnswer({ question, author: user });
    const parent = await createComment({ answer, author: user });
    await expectLimit("commentNewMemberDaily", (i) =>
      i % 2 === 0
        ? callRoute(route("POST /api/answers/[id]/comments"), { cookie, params: { id: String(answer.id) }, json: { content: `Comment ${i} ${unique()}` } })
        : callRoute(route("POST /api/comments/[id]/replies"), { cookie, params: { id: String(parent.id) }, json: { content: `Reply ${i} ${unique()}` } }),
    );
  },
  // Tag spam: 10 new tags a day; naming an existing tag costs nothing.
  tagCreateDaily: async () => {
    const { cookie } = await createMember(`tagger-${unique()}`);
    const existing = await createTag();
    for (let i = 0; i < 3; i++) expect((await callRoute(route("POST /api/tags"), { cookie, json: { name: existing.name } })).status).toBe(200);
    await expectLimit("tagCreateDaily", () => callRoute(route("POST /api/tags"), { cookie, json: { name: `t${unique()}` } }));
    expect((await callRoute(route("POST /api/tags"), { cookie, json: { name: existing.name } })).status).toBe(200);
  },
  // Group spam: 5 new groups a day.
  groupCreateDaily: async () => {
    const { cookie } = await createMember(`founder-${unique()}`);
    await expectLimit("groupCreateDaily", () =>
      callRoute(route("POST /api/groups"), { cookie, json: { name: `Group ${unique()}`, description: "A group for people who like testing limits." } }),
    );
  },
  // Join requests notify a creator each: 20 new requests a day (repeats cost nothing).
  groupJoinRequestDaily: async () => {
    const creator = await createMember(`keeper-${unique()}`);
    const asker = await createMember(`joiner-${unique()}`);
    const groups: { id: number }[] = [];
    for (let i = 0; i <= rateLimits.groupJoinRequestDaily.points; i++) groups.push(await createGroup({ creator: creator.user, isPrivate: true }));
    const first = await createGroup({ creator: creator.user, isPrivate: true });
    expect((await callRoute(route("POST /api/groups/[id]/join"), { cookie: asker.cookie, params: { id: String(first.id) } })).status).toBe(200);
    await resetLimit("groupJoinRequestDaily", asker.user.id);
    // Asking again while the request is pending costs nothing.
    for (let i = 0; i < 3; i++) expect((await callRoute(route("POST /api/groups/[id]/join"), { cookie: asker.cookie, params: { id: String(first.id) } })).status).toBe(200);
    await expectLimit("groupJoinRequestDaily", (i) => callRoute(route("POST /api/groups/[id]/join"), { cookie: asker.cookie, params: { id: String(groups[i]!.id) } }));
    expect(await db.groupJoinRequest.count({ where: { userId: asker.user.id } })).toBe(rateLimits.groupJoinRequestDaily.points + 1);
  },
  // Follows notify the member followed: 50 new follows a day; the 429 undoes the follow.
  userFollowDaily: async () => {
    const fan = await createMember(`follower-${unique()}`);
    const stars: { id: string }[] = [];
    for (let i = 0; i <= rateLimits.userFollowDaily.points; i++) stars.push(await createUser({ tag: `star-${i}` }));
    await expectLimit("userFollowDaily", (i) => callRoute(route("POST /api/users/[id]/follow"), { cookie: fan.cookie, params: { id: stars[i]!.id } }));
    expect(await db.userFollow.count({ where: { followerId: fan.user.id } })).toBe(rateLimits.userFollowDaily.points);
  },
  // Tag follows: 100 new follows a day.
  tagFollowDaily: async () => {
    const fan = await createMember(`tagfan-${unique()}`);
    const tags: { id: number }[] = [];
    for (let i = 0; i <= rateLimits.tagFollowDaily.points; i++) tags.push(await createTag());
    await expectLimit("tagFollowDaily", (i) => callRoute(route("POST /api/tags/[id]/follow"), { cookie: fan.cookie, params: { id: String(tags[i]!.id) } }));
    expect(await db.tagFollow.count({ where: { userId: fan.user.id } })).toBe(rateLimits.tagFollowDaily.points);
  },
  // Category follows: 20 new follows a day.
  categoryFollowDaily: async () => {
    const fan = await createMember(`catfan-${unique()}`);
    const categories: { id: number }[] = [];
    for (let i = 0; i <= rateLimits.categoryFollowDaily.points; i++) categories.push(await createCategory());
    await expectLimit("categoryFollowDaily", (i) => callRoute(route("POST /api/categories/[id]/follow"), { cookie: fan.cookie, params: { id: String(categories[i]!.id) } }));
    expect(await db.categoryFollow.count({ where: { userId: fan.user.id } })).toBe(rateLimits.categoryFollowDaily.points);
  },
  // Direct messages (issue 15): 60 messages an hour, in one conversation or many.
  messageHourly: async () => {
    const sender = await createMember(`dm-sender-${unique()}`);
    const friend = await createUser({ tag: "dm-friend" });
    await expectLimit("messageHourly", (i) => callRoute(route("POST /api/messages"), { cookie: sender.cookie, json: { recipientId: friend.id, content: `Message number ${i}` } }));
    expect(await db.message.count({ where: { senderId: sender.user.id } })).toBe(rateLimits.messageHourly.points);
  },
  // New conversations: 20 a day (a spammer writes to strangers).
  conversationDaily: async () => {
    const sender = await createMember(`dm-starter-${unique()}`);
    const strangers: { id: string }[] = [];
    for (let i = 0; i <= rateLimits.conversationDaily.points; i++) strangers.push(await createUser({ tag: `dm-stranger-${i}` }));
    await expectLimit("conversationDaily", (i) => callRoute(route("POST /api/messages"), { cookie: sender.cookie, json: { recipientId: strangers[i]!.id, content: "Hello there" } }));
    expect(await db.conversation.count({ where: { OR: [{ userAId: sender.user.id }, { userBId: sender.user.id }] } })).toBe(rateLimits.conversationDaily.points);
  },
  // Blocks: 50 new blocks a day.
  userBlockDaily: async () => {
    const blocker = await createMember(`blocker-${unique()}`);
    const targets: { id: string }[] = [];
    for (let i = 0; i <= rateLimits.userBlockDaily.points; i++) targets.push(await createUser({ tag: `blocked-${i}` }));
    await expectLimit("userBlockDaily", (i) => callRoute(route("POST /api/users/[id]/block"), { cookie: blocker.cookie, params: { id: targets[i]!.id } }));
    expect(await db.userBlock.count({ where: { blockerId: blocker.user.id } })).toBe(rateLimits.userBlockDaily.points);
  },
  // A profile is public text: 30 edits an hour.
  profileEditHourly: async () => {
    const { cookie } = await createMember(`profiler-${unique()}`);
    await expectLimit("profileEditHourly", (i) => callRoute(route("PUT /api/users/profile"), { cookie, json: { firstName: `Name ${i}`, bio: `Bio number ${i}` } }));
  },
  // Mail bombing through notifications: a member gets at most 20 notification e-mails an hour;
  // the rest are dropped (the notifications themselves stay in their list). Nothing answers 429.
  emailHourly: async () => {
    const star = await createMember(`mailed-${unique()}`);
    await db.user.update({ where: { id: star.user.id }, data: { notificationSettings: { emailNotifications: true } } });
    const cap = rateLimits.emailHourly.points;
    for (let i = 0; i < cap + 3; i++) {
      const fan = await createMember(`mailer-${unique()}`);
      expect((await callRoute(route("POST /api/users/[id]/follow"), { cookie: fan.cookie, params: { id: star.user.id } })).status).toBe(200);
    }
    expect(await db.notification.count({ where: { userId: star.user.id, type: "follow" } })).toBe(cap + 3);
    expect(await db.emailOutbox.count({ where: { to: star.user.email } })).toBe(cap);
  },
  // Guessing the current password of a session someone left open.
  passwordChange: async () => {
    const { cookie } = await createMember(`pwguess-${unique()}`);
    await expectLimit("passwordChange", (i) =>
      callRoute(route("PATCH /api/users/change-password"), { cookie, json: { currentPassword: `guess number ${i}`, newPassword: "a brand new password" } }),
    );
  },
  // Mail bombing through "Resend": verification e-mails per member per hour.
  verificationResend: async () => {
    const { user, cookie } = await createMember(`unverified-${unique()}`);
    await db.user.update({ where: { id: user.id }, data: { emailVerifiedAt: null } });
    await expectLimit("verificationResend", () => callRoute(route("POST /api/auth/resend-verification"), { cookie }));
  },
  // Reset requests from one network, each to a different address (known or not).
  passwordResetIp: async () => {
    const ip = newIp();
    await expectLimit("passwordResetIp", () =>
      callRoute(route("POST /api/auth/forgot-password"), { json: { email: `reset-${unique()}@example.com` }, headers: { "x-forwarded-for": ip } }),
    );
  },
  // One inbox flooded with reset links from many networks; an address without an account is counted the same (no enumeration).
  passwordResetEmail: async () => {
    const { user } = await createMember(`resetee-${unique()}`);
    await expectLimit("passwordResetEmail", () => callRoute(route("POST /api/auth/forgot-password"), { json: { email: user.email }, headers: { "x-forwarded-for": newIp() } }));
    const unknown = `unknown-${unique()}@example.com`;
    await expectLimit("passwordResetEmail", () => callRoute(route("POST /api/auth/forgot-password"), { json: { email: unknown }, headers: { "x-forwarded-for": newIp() } }));
  },
  // Spending e-mailed links (verification or reset, here unknown tokens) from one network: bounds the resets' password hashing.
  emailLinkRedeem: async () => {
    const ip = newIp();
    await expectLimit("emailLinkRedeem", (i) =>
      callRoute(route(i % 2 ? "POST /api/auth/verify-email" : "POST /api/auth/reset-password"), {
        json: { token: `not-a-real-token-${i}`, newPassword: "long enough password" },
        headers: { "x-forwarded-for": ip },
      }),
    );
  },
  // Flag abuse (burying good posts): 20 flags a day; flagging the same post again costs nothing.
  flagDaily: async () => {
    const author = await createMember(`flagged-${unique()}`);
    const { cookie } = await createMember(`flagger-${unique()}`);
    const question = await createQuestion({ author: author.user });
    const answers: { id: number }[] = [];
    for (let i = 0; i <= rateLimits.flagDaily.points; i++) answers.push(await createAnswer({ question, author: author.user }));
    const flag = (id: number) => callRoute(route("POST /api/flags"), { cookie, json: { targetType: "answer", targetId: id, reason: "off_topic" } });
    await expectLimit("flagDaily", async (i) => {
      if (i === 1) expect((await flag(answers[0]!.id)).status).toBe(200); // a repeat is free
      return flag(answers[i]!.id);
    });
  },
  // A runaway script on a moderator's account: review actions per hour (charged before the post is read).
  reviewActionHourly: async () => {
    const { user, cookie } = await createMember(`moderator-${unique()}`);
    await db.user.update({ where: { id: user.id }, data: { role: "moderator" } });
    await expectLimit("reviewActionHourly", () =>
      callRoute(route("POST /api/review/actions"), { cookie, json: { targetType: "answer", targetId: 2_000_000_000, action: "dismiss" } }),
    );
  },
  // Votes to close or reopen (issue 13): a 250-reputation member's calls a day, repeats included.
  closeVoteDaily: async () => {
    const author = await createMember(`closed-${unique()}`);
    const { user, cookie } = await createMember(`voter-${unique()}`);
    await db.user.update({ where: { id: user.id }, data: { reputation: 250 } });
    const question = await createQuestion({ author: author.user });
    await expectLimit("closeVoteDaily", () => callRoute(route("POST /api/questions/[id]/close"), { cookie, params: { id: String(question.id) }, json: { reason: "off_topic" } }));
  },
  // Suspensions, spammer deletions and role changes per hour (charged before the member is read).
  memberActionHourly: async () => {
    const { user, cookie } = await createMember(`moderator-${unique()}`);
    await db.user.update({ where: { id: user.id }, data: { role: "moderator" } });
    await expectLimit("memberActionHourly", () =>
      callRoute(route("POST /api/users/[id]/suspend"), { cookie, params: { id: "no-such-member" }, json: { days: 1, reason: "Spam" } }),
    );
  },
};

describe("rate limits (DECISIONS.md section 8)", () => {
  it("has a scenario for every limit in lib/server/rate-limit.ts", () => {
    expect(Object.keys(scenarios).sort()).toEqual(Object.keys(rateLimits).sort());
  });

  it.each(Object.keys(rateLimits) as LimiterName[])("%s answers 429 with Retry-After past its threshold, never a 5xx", async (name) => {
    await scenarios[name]();
  }, 120_000);
});

/** Sends the same request 50 times at once; none may fail with a 5xx. */
async function fifty(r: ApiRoute, options: () => CallOptions) {
  const results = await Promise.all(Array.from({ length: 50 }, () => callRoute(r, options())));
  const statuses = results.map((res) => res.status);
  expect(statuses.filter((s) => s >= 500)).toEqual([]);
  return statuses;
}

describe("50 identical requests at once have exactly one effect", () => {
  it("vote: one vote row, the score moves by one, the author hears once", async () => {
    const author = await createMember(`race-author-${unique()}`);
    const voter = await createMember(`race-voter-${unique()}`);
    const question = await createQuestion({ author: author.user });
    const answer = await createAnswer({ question, author: author.user });
    const statuses = await fifty(route("POST /api/answers/[id]/vote"), () => ({ cookie: voter.cookie, params: { id: String(answer.id) }, json: { voteType: "up" } }));
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(await db.vote.count({ where: { answerId: answer.id } })).toBe(1);
    const counters = await countersOf(question.id);
    expect(counters.stored).toEqual(counters.recounted);
    expect(counters.stored.answers[0]!.voteScore).toBe(1);
    expect(await db.notification.count({ where: { userId: author.user.id, type: "vote" } })).toBe(1);
  });

  it("ask a question: one question, the others 429 (15 s apart), the counters move by one", async () => {
    const asker = await createMember(`race-question-${unique()}`);
    const tag = await createTag();
    const statuses = await fifty(route("POST /api/questions"), () => ({ cookie: asker.cookie, json: { title: `A question asked fifty times ${unique()}`, tagIds: [tag.id] } }));
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(49);
    expect(await db.question.count({ where: { authorId: asker.user.id } })).toBe(1);
    expect((await db.tag.findUniqueOrThrow({ where: { id: tag.id } })).questionCount).toBe(1);
    expect(await db.aiAnswerJob.count({ where: { question: { authorId: asker.user.id } } })).toBe(1);
  });

  it("save: one saved row", async () => {
    const author = await createMember(`race-saved-${unique()}`);
    const saver = await createMember(`race-saver-${unique()}`);
    const question = await createQuestion({ author: author.user });
    const statuses = await fifty(route("POST /api/questions/[id]/save"), () => ({ cookie: saver.cookie, params: { id: String(question.id) } }));
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(await db.savedQuestion.count({ where: { questionId: question.id } })).toBe(1);
  });

  it("follow a tag: one follow row, the follower count moves by one", async () => {
    const fan = await createMember(`race-fan-${unique()}`);
    const tag = await createTag();
    const statuses = await fifty(route("POST /api/tags/[id]/follow"), () => ({ cookie: fan.cookie, params: { id: String(tag.id) } }));
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(await db.tagFollow.count({ where: { tagId: tag.id } })).toBe(1);
    expect((await db.tag.findUniqueOrThrow({ where: { id: tag.id } })).followCount).toBe(1);
  });

  it("follow a member: one follow row, one notification", async () => {
    const star = await createMember(`race-star-${unique()}`);
    const fan = await createMember(`race-follower-${unique()}`);
    const statuses = await fifty(route("POST /api/users/[id]/follow"), () => ({ cookie: fan.cookie, params: { id: star.user.id } }));
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(await db.userFollow.count({ where: { followingId: star.user.id } })).toBe(1);
    expect(await db.notification.count({ where: { userId: star.user.id, type: "follow" } })).toBe(1);
  });

  it("first direct messages at once: one conversation, every message kept, one folded notification", async () => {
    const sender = await createMember(`race-dm-${unique()}`);
    const friend = await createMember(`race-dm-friend-${unique()}`);
    const statuses = await fifty(route("POST /api/messages"), () => ({ cookie: sender.cookie, json: { recipientId: friend.user.id, content: "Are you there?" } }));
    expect(statuses.every((s) => s === 201)).toBe(true);
    const conversations = await db.conversation.findMany({ where: { userAId: { in: [sender.user.id, friend.user.id] }, userBId: { in: [sender.user.id, friend.user.id] } } });
    expect(conversations).toHaveLength(1);
    expect(await db.message.count({ where: { conversationId: conversations[0]!.id } })).toBe(50);
    const notifications = await db.notification.findMany({ where: { userId: friend.user.id, type: "message" } });
    expect(notifications.map((n) => n.eventCount)).toEqual([50]);
  });

  it("join a group: one membership, the member count moves by one", async () => {
    const creator = await createMember(`race-creator-${unique()}`);
    const joiner = await createMember(`race-joiner-${unique()}`);
    const group = await createGroup({ creator: creator.user });
    const statuses = await fifty(route("POST /api/groups/[id]/join"), () => ({ cookie: joiner.cookie, params: { id: String(group.id) } }));
    // Those that saw the membership already answer 409 "already a member"; the others 200 with the same state.
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    expect(await db.groupMember.count({ where: { groupId: group.id, userId: joiner.user.id } })).toBe(1);
    const counters = await groupCountersOf(group.id);
    expect(counters.stored).toEqual(counters.recounted);
    expect(counters.stored.memberCount).toBe(2);
  });

  it("ask to join a private group: one pending request, no membership yet", async () => {
    const creator = await createMember(`race-keeper-${unique()}`);
    const asker = await createMember(`race-asker-${unique()}`);
    const group = await createGroup({ creator: creator.user, isPrivate: true });
    const statuses = await fifty(route("POST /api/groups/[id]/join"), () => ({ cookie: asker.cookie, params: { id: String(group.id) } }));
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(await db.groupJoinRequest.count({ where: { groupId: group.id, userId: asker.user.id } })).toBe(1);
    expect(await db.groupMember.count({ where: { groupId: group.id, userId: asker.user.id } })).toBe(0);
  });

  it("ask, withdraw, ask again (5 times, and 50 at once): the group's creator hears of it once a day", async () => {
    const creator = await createMember(`loop-keeper-${unique()}`);
    const asker = await createMember(`loop-asker-${unique()}`);
    const group = await createGroup({ creator: creator.user, isPrivate: true });
    const join = route("POST /api/groups/[id]/join");
    const withdraw = route("DELETE /api/groups/[id]/join");
    for (let i = 0; i < 5; i++) {
      expect((await callRoute(join, { cookie: asker.cookie, params: { id: String(group.id) } })).status).toBe(200);
      expect((await callRoute(withdraw, { cookie: asker.cookie, params: { id: String(group.id) } })).status).toBe(200);
    }
    await fifty(join, () => ({ cookie: asker.cookie, params: { id: String(group.id) } }));
    expect(await db.groupJoinRequest.count({ where: { groupId: group.id, userId: asker.user.id } })).toBe(1);
    expect(await db.notification.count({ where: { userId: creator.user.id, actorId: asker.user.id, link: `/groups/${group.id}` } })).toBe(1);
  });

  it("invite a member: one invitation, one notification, one 201", async () => {
    const creator = await createMember(`race-host-${unique()}`);
    const guest = await createMember(`race-guest-${unique()}`);
    const group = await createGroup({ creator: creator.user, isPrivate: true });
    const statuses = await fifty(route("POST /api/groups/[id]/invitations"), () => ({ cookie: creator.cookie, params: { id: String(group.id) }, json: { userId: guest.user.id } }));
    // The rest are 409 "already invited", or 429 once the hourly allowance is spent.
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 201).every((s) => s === 409 || s === 429)).toBe(true);
    expect(await db.groupInvitation.count({ where: { groupId: group.id } })).toBe(1);
    expect(await db.notification.count({ where: { userId: guest.user.id, link: `/groups/${group.id}` } })).toBe(1);
  });

  it("flag a post: one flag row, one 201, the others 200 with the same flag", async () => {
    const author = await createMember(`race-flagged-${unique()}`);
    const flagger = await createMember(`race-flagger-${unique()}`);
    const question = await createQuestion({ author: author.user });
    const answer = await createAnswer({ question, author: author.user });
    const results = await Promise.all(
      Array.from({ length: 50 }, () => callRoute(route("POST /api/flags"), { cookie: flagger.cookie, json: { targetType: "answer", targetId: answer.id, reason: "spam" } })),
    );
    const statuses = results.map((res) => res.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(49);
    expect(new Set(results.map((res) => (JSON.parse(res.text) as { id: number }).id)).size).toBe(1);
    expect(await db.flag.count({ where: { targetType: "answer", targetId: answer.id } })).toBe(1);
    // One member's flag never hides a post (three members, or one moderator, do).
    expect((await db.answer.findUniqueOrThrow({ where: { id: answer.id } })).hiddenAt).toBeNull();
  });

  it("two moderators resolve one post's flags at the same moment: one succeeds, the other gets 409, each flag resolved once", async () => {
    const author = await createMember(`race-post-${unique()}`);
    const question = await createQuestion({ author: author.user });
    const answer = await createAnswer({ question, author: author.user });
    for (let i = 0; i < 3; i++) {
      const { cookie } = await createMember(`race-reporter-${unique()}`);
      expect((await callRoute(route("POST /api/flags"), { cookie, json: { targetType: "answer", targetId: answer.id, reason: "spam" } })).status).toBe(201);
    }
    expect((await db.answer.findUniqueOrThrow({ where: { id: answer.id } })).hiddenAt).not.toBeNull();
    const moderators = await Promise.all([createMember(`race-mod-a-${unique()}`), createMember(`race-mod-b-${unique()}`)]);
    await db.user.updateMany({ where: { id: { in: moderators.map((m) => m.user.id) } }, data: { role: "moderator" } });
    const act = route("POST /api/review/actions");
    const results = await Promise.all([
      callRoute(act, { cookie: moderators[0]!.cookie, json: { targetType: "answer", targetId: answer.id, action: "dismiss" } }),
      callRoute(act, { cookie: moderators[1]!.cookie, json: { targetType: "answer", targetId: answer.id, action: "hide" } }),
    ]);
    expect(results.map((res) => res.status).sort()).toEqual([200, 409]);
    const lost = results.find((res) => res.status === 409)!;
    expect(JSON.parse(lost.text)).toMatchObject({ message: "Already handled by another moderator", code: "conflict" });
    const flags = await db.flag.findMany({ where: { targetType: "answer", targetId: answer.id } });
    expect(flags.every((f) => f.status !== "open" && f.resolvedAt !== null)).toBe(true);
    expect(new Set(flags.map((f) => f.resolvedById)).size).toBe(1);
    expect(await db.moderationAudit.count({ where: { targetType: "answer", targetId: String(answer.id), action: { startsWith: "flags." } } })).toBe(1);
    // The post is in the state the winner chose.
    const won = results.findIndex((res) => res.status === 200);
    expect((await db.answer.findUniqueOrThrow({ where: { id: answer.id } })).hiddenAt === null).toBe(won === 0);
  });

  it("register one e-mail: one account, one 201, the rest 409", async () => {
    const email = `race-${unique()}@example.com`;
    const ip = newIp();
    const statuses = await fifty(route("POST /api/register"), () => ({ json: { email, password: "long enough password" }, headers: { "x-forwarded-for": ip } }));
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 201).every((s) => s === 409)).toBe(true);
    expect(await db.user.count({ where: { email } })).toBe(1);
    expect(await db.session.count({ where: { user: { email } } })).toBe(1);
    expect(await db.emailOutbox.count({ where: { to: email } })).toBe(1); // one verification e-mail
  });
});

describe("push subscriptions under concurrent requests (issue 15)", () => {
  withVapidKeys();
  const browser = (endpoint = `https://push.example.com/send/${unique()}`) => {
    const keys = createBrowserKeys();
    return { endpoint, expirationTime: null, keys: { p256dh: keys.p256dh, auth: keys.auth } };
  };

  it("the same browser 50 times at once: one subscription, one 201, the others 200", async () => {
    const member = await createMember(`race-push-${unique()}`);
    const body = browser();
    const statuses = await fifty(route("POST /api/push/subscriptions"), () => ({ cookie: member.cookie, json: body }));
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(49);
    expect(await db.pushSubscription.count({ where: { userId: member.user.id } })).toBe(1);
  });

  it("50 different browsers of one member at once: exactly 10 stay (the device limit)", async () => {
    const member = await createMember(`race-push-many-${unique()}`);
    const statuses = await fifty(route("POST /api/push/subscriptions"), () => ({ cookie: member.cookie, json: browser() }));
    expect(statuses.every((s) => s === 201)).toBe(true);
    expect(await db.pushSubscription.count({ where: { userId: member.user.id } })).toBe(PUSH_SUBSCRIPTIONS_PER_MEMBER);
  });

  it("one browser claimed by two members at once: it ends as one subscription of one of them", async () => {
    const ada = await createMember(`race-push-ada-${unique()}`);
    const bob = await createMember(`race-push-bob-${unique()}`);
    const body = browser();
    let turn = 0;
    const statuses = await fifty(route("POST /api/push/subscriptions"), () => ({ cookie: turn++ % 2 ? ada.cookie : bob.cookie, json: body }));
    expect(statuses.every((s) => s === 200 || s === 201)).toBe(true);
    const rows = await db.pushSubscription.findMany({ where: { endpoint: body.endpoint } });
    expect(rows).toHaveLength(1);
    expect([ada.user.id, bob.user.id]).toContain(rows[0]!.userId);
  });

  it("50 follows at once of a member with a browser: one notification, one push queued", async () => {
    const star = await createMember(`race-push-star-${unique()}`);
    const fan = await createMember(`race-push-fan-${unique()}`);
    expect((await callRoute(route("POST /api/push/subscriptions"), { cookie: star.cookie, json: browser() })).status).toBe(201);
    await fifty(route("POST /api/users/[id]/follow"), () => ({ cookie: fan.cookie, params: { id: star.user.id } }));
    expect(await db.notification.count({ where: { userId: star.user.id, type: "follow" } })).toBe(1);
    expect(await db.pushOutbox.count({ where: { userId: star.user.id } })).toBe(1);
  });
});

describe("an allowance holds under concurrent requests on different things (check and charge in one step)", () => {
  it("60 votes at once on 60 different answers with a 40-a-day allowance: exactly 40 count, the rest 429", async () => {
    const author = await createMember(`race-answers-${unique()}`);
    const voter = await createMember(`race-ring-${unique()}`);
    const question = await createQuestion({ author: author.user });
    const answers: { id: number }[] = [];
    for (let i = 0; i < 60; i++) answers.push(await createAnswer({ question, author: author.user }));
    const vote = route("POST /api/answers/[id]/vote");
    const results = await Promise.all(answers.map((answer) => callRoute(vote, { cookie: voter.cookie, params: { id: String(answer.id) }, json: { voteType: "up" } })));
    const statuses = results.map((res) => res.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(rateLimits.voteDaily.points);
    expect(statuses.filter((s) => s === 429)).toHaveLength(60 - rateLimits.voteDaily.points);
    expect(await db.vote.count({ where: { userId: voter.user.id } })).toBe(rateLimits.voteDaily.points);
    const counters = await countersOf(question.id);
    expect(counters.stored).toEqual(counters.recounted);
  }, 120_000);

  it("20 registrations at once from one address with different e-mails: exactly 10 accounts", async () => {
    const ip = newIp();
    const tag = unique();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => callRoute(route("POST /api/register"), { json: { email: `burst-${tag}-${i}@example.com`, password: "long enough password" }, headers: { "x-forwarded-for": ip } })),
    );
    const statuses = results.map((res) => res.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(rateLimits.register.points);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - rateLimits.register.points);
    expect(await db.user.count({ where: { email: { startsWith: `burst-${tag}-` } } })).toBe(rateLimits.register.points);
  }, 120_000);
});
