/** @jest-environment node */
import crypto from "node:crypto";
import { db } from "@/lib/server/db";
import { closeRateLimitStore } from "@/lib/server/rate-limit";
import { POST as postAnswer } from "@/app/api/questions/[id]/answers/route";
import { POST as vote } from "@/app/api/answers/[id]/vote/route";
import { GET as listNotifications } from "@/app/api/notifications/route";
import { POST as register } from "@/app/api/register/route";
import { requestPasswordReset } from "@/lib/server/auth/email-tokens";
import { sendWeeklyDigests } from "@/lib/server/mail/digest";
import { createAnswer, createQuestion, createTag, createUser, followTag, routeContext, signedInRequest, unique, visitorRequest } from "@/tests/factories";

/*
 * Texts written on the server, in the reader's language (issue 15): notifications keep the
 * English title and message the API promises and carry `text` in the reader's language; e-mails
 * go out in the recipient's language (their choice, else the one they signed up in, else English).
 */

afterAll(async () => {
  await closeRateLimitStore();
  await db.$disconnect();
});

const ip = () => `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;

async function speaks(user: { id: string }, language: "en" | "es" | "fr" | "de") {
  await db.user.update({ where: { id: user.id }, data: { preferences: { language } } });
}

async function answer(author: { id: string }, question: { id: number }, content = "Try restarting the pool.") {
  const res = await postAnswer(
    await signedInRequest(author, `/api/questions/${question.id}/answers`, { method: "POST", json: { content } }),
    routeContext({ id: String(question.id) }),
  );
  expect(res.status).toBe(201);
}

async function notificationsOf(user: { id: string }, headers: Record<string, string> = {}, cookie?: string) {
  const req = await signedInRequest(user, "/api/notifications", { headers });
  if (cookie) req.headers.set("Cookie", `${req.headers.get("Cookie")}; ${cookie}`);
  const res = await listNotifications(req, routeContext());
  expect(res.status).toBe(200);
  return (await res.json()) as { title: string; message: string; text: { title: string; message: string }; type: string }[];
}

describe("notification texts in the reader's language", () => {
  it("shows a German member their notification in German, while the API's title and message stay English", async () => {
    const alice = await createUser({ firstName: "Alice", lastName: "Asker" });
    const bob = await createUser({ firstName: "Bob", lastName: "Helper" });
    await speaks(alice, "de");
    const question = await createQuestion({ author: alice, title: "Wie setze ich den Pool zurück?" });
    await answer(bob, question);

    const [note] = await notificationsOf(alice);
    expect(note).toMatchObject({
      type: "answer",
      title: "New answer to your question",
      message: "Bob Helper answered “Wie setze ich den Pool zurück?”",
      text: { title: "Neue Antwort auf deine Frage", message: "Bob Helper hat „Wie setze ich den Pool zurück?“ beantwortet" },
    });
    const row = await db.notification.findFirstOrThrow({ where: { userId: alice.id } });
    expect(row.params).toMatchObject({ kind: "answer", by: "member", actor: "Bob Helper", question: "Wie setze ich den Pool zurück?" });
  });

  it("follows the request's language when the member chose none (Accept-Language, then the language menu's cookie)", async () => {
    const alice = await createUser();
    const bob = await createUser({ firstName: "Bob", lastName: "Helper" });
    const question = await createQuestion({ author: alice, title: "Pool" });
    await answer(bob, question);
    expect((await notificationsOf(alice, { "Accept-Language": "es-ES,es;q=0.9" }))[0]!.text.title).toBe("Nueva respuesta a tu pregunta");
    expect((await notificationsOf(alice, { "Accept-Language": "es" }, "agora-locale=fr"))[0]!.text).toEqual({
      title: "Nouvelle réponse à votre question",
      message: "Bob Helper a répondu à «\u00a0Pool\u00a0»",
    });
    expect((await notificationsOf(alice))[0]!.text.title).toBe("New answer to your question");
  });

  it("renders a vote fold with its current counts in the reader's language", async () => {
    const author = await createUser({ firstName: "Ann", lastName: "Author" });
    await speaks(author, "de");
    const question = await createQuestion({ author: await createUser(), title: "Caching" });
    const theAnswer = await createAnswer({ question, author, content: "Use a CDN." });
    const [v1, v2, v3] = [await createUser({ firstName: "Val", lastName: "One" }), await createUser({ firstName: "Vic", lastName: "Two" }), await createUser()];
    for (const [voter, voteType] of [[v1, "up"], [v2, "up"], [v3, "down"]] as const) {
      const res = await vote(
        await signedInRequest(voter!, `/api/answers/${theAnswer.id}/vote`, { method: "POST", json: { voteType } }),
        routeContext({ id: String(theAnswer.id) }),
      );
      expect(res.status).toBe(200);
    }
    const [fold] = (await notificationsOf(author)).filter((n) => n.type === "vote");
    expect(fold!.title).toBe("Your answer received 2 upvotes and 1 downvote");
    expect(fold!.message).toBe("Vic Two and 1 other upvoted your answer to “Caching” (and 1 downvote)");
    expect(fold!.text).toEqual({
      title: "Deine Antwort hat 2 Upvotes und 1 Downvote erhalten",
      message: "Vic Two und 1 weitere Person haben deine Antwort auf „Caching“ positiv bewertet (und 1 Downvote)",
    });
  });

  it("keeps the stored English text of a notification written before texts had parameters", async () => {
    const member = await createUser();
    await speaks(member, "es");
    await db.notification.create({ data: { userId: member.id, type: "other", title: "Legacy title", message: "Legacy message", link: "/" } });
    const [note] = await notificationsOf(member);
    expect(note!.text).toEqual({ title: "Legacy title", message: "Legacy message" });
  });
});

describe("e-mails in the recipient's language", () => {
  it("writes a German member's notification e-mail in German, and an English member's as before", async () => {
    const german = await createUser({ firstName: "Greta" });
    await speaks(german, "de");
    const english = await createUser({ firstName: "Edith" });
    const bob = await createUser({ firstName: "Bob", lastName: "Helper" });
    await answer(bob, await createQuestion({ author: german, title: "Frage" }));
    await answer(bob, await createQuestion({ author: english, title: "Question" }));

    const de = await db.emailOutbox.findFirstOrThrow({ where: { to: german.email } });
    expect(de.subject).toBe("Neue Antwort auf deine Frage");
    expect(de.text).toContain("Hallo Greta,");
    expect(de.text).toContain("Bob Helper hat „Frage“ beantwortet");
    expect(de.text).toContain("Du bekommst diese E-Mail, weil E-Mail-Benachrichtigungen in deinen Agora-Einstellungen aktiviert sind");
    expect(de.html).toContain('<html lang="de">');
    expect(de.html).toContain("Auf Agora öffnen");

    const en = await db.emailOutbox.findFirstOrThrow({ where: { to: english.email } });
    expect(en.subject).toBe("New answer to your question");
    expect(en.text.split("\n").slice(0, 5)).toEqual(["Hi Edith,", "", "New answer to your question", "", "Bob Helper answered “Question”"]);
    expect(en.html).toContain('<html lang="en">');
  });

  it("sends the verification e-mail in the language the sign-up request stated, and English when it stated none", async () => {
    const email = `${unique()}@example.com`;
    const res = await register(
      visitorRequest("/api/register", {
        method: "POST",
        json: { email, password: "correct horse", firstName: "Pilar" },
        headers: { "X-Forwarded-For": ip(), "Accept-Language": "es-MX,es;q=0.9,en;q=0.5" },
      }),
      routeContext(),
    );
    expect(res.status).toBe(201);
    const mail = await db.emailOutbox.findFirstOrThrow({ where: { to: email } });
    expect(mail.subject).toBe("Verifica tu dirección de correo para Agora");
    expect(mail.text).toContain("Hola, Pilar:");
    const user = await db.user.findUniqueOrThrow({ where: { email } });
    expect(user.preferences).toEqual({ signupLocale: "es" }); // not a choice: the language menu still follows the cookie

    const plain = `${unique()}@example.com`;
    expect(
      (await register(visitorRequest("/api/register", { method: "POST", json: { email: plain, password: "correct horse" }, headers: { "X-Forwarded-For": ip() } }), routeContext())).status,
    ).toBe(201);
    expect((await db.emailOutbox.findFirstOrThrow({ where: { to: plain } })).subject).toBe("Verify your e-mail address for Agora");
  });

  it("sends a password reset in the member's chosen language over the one they signed up in", async () => {
    const member = await createUser({ firstName: "Fleur" });
    await db.user.update({ where: { id: member.id }, data: { preferences: { language: "fr", signupLocale: "de" } } });
    await requestPasswordReset(member.email);
    const mail = await db.emailOutbox.findFirstOrThrow({ where: { to: member.email } });
    expect(mail.subject).toBe("Réinitialisez votre mot de passe Agora");
    expect(mail.text).toContain("Bonjour Fleur,");
    expect(mail.text).toContain("Choisir un nouveau mot de passe\u00a0: ");
  });

  it("writes the weekly digest in the member's language", async () => {
    const reader = await createUser({ firstName: "Rosa" });
    await speaks(reader, "es");
    await db.user.update({ where: { id: reader.id }, data: { notificationSettings: { weeklyDigest: true } } });
    const tag = await createTag();
    await followTag(reader, tag);
    await createQuestion({ author: await createUser(), title: "Novedad", tags: [tag] });
    await sendWeeklyDigests();
    const mail = await db.emailOutbox.findFirstOrThrow({ where: { to: reader.email } });
    expect(mail.subject).toBe("Tu resumen semanal de Agora");
    expect(mail.text).toContain("Novedades en las etiquetas que sigues");
    expect(mail.text).toContain("- Novedad (0 respuestas)");
  });
});
