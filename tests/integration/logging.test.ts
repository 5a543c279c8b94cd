/** @jest-environment node */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Readable, Writable } from "node:stream";
import { db } from "@/lib/server/db";
import { POST as askQuestion } from "@/app/api/questions/route";
import { createLogger, log, withRequestContext } from "@/lib/server/log";
import { errorResponse } from "@/lib/server/http";
import { createUser, routeContext, sessionCookie, signedInRequest, type TestUser } from "@/tests/factories";

let alice: TestUser;

beforeAll(async () => {
  alice = await createUser({ tag: "log" });
});

afterEach(() => jest.restoreAllMocks());

afterAll(async () => {
  await db.$disconnect();
});

/** A logger writing its JSON lines into an array. */
function capture(level = "debug") {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: createLogger(stream, { LOG_LEVEL: level }), lines };
}

describe("the logger", () => {
  it("never writes passwords, secrets, tokens, cookies or e-mail bodies, at any depth", () => {
    const { logger, lines } = capture();
    logger.info(
      {
        password: "hunter2-top",
        user: { email: "a@example.com", password: "hunter2-nested", newPassword: "n3w-pass" },
        headers: { authorization: "Bearer tok-123", cookie: "next-auth.session-token=abc" },
        mail: { to: "a@example.com", subject: "Hello", text: "the plain body", html: "<p>the html body</p>" },
        config: { secret: "s3cr3t", apiKey: "sk-live-xyz" },
      },
      "something happened",
    );
    const written = JSON.stringify(lines);
    for (const secret of ["hunter2-top", "hunter2-nested", "n3w-pass", "tok-123", "session-token=abc", "the plain body", "the html body", "s3cr3t", "sk-live-xyz"]) {
      expect(written).not.toContain(secret);
    }
    expect(lines[0]).toMatchObject({ level: 30, msg: "something happened", password: "[redacted]", mail: { subject: "Hello", html: "[redacted]" } });
  });

  it("puts the request id on every line written while the request is handled, and on none after", async () => {
    const { logger, lines } = capture();
    await withRequestContext({ requestId: "req-42" }, async () => {
      logger.info("first");
      await new Promise((resolve) => setImmediate(resolve));
      logger.warn("after an await");
    });
    logger.info("outside");
    expect(lines.map((l) => [l.msg, l.requestId])).toEqual([
      ["first", "req-42"],
      ["after an await", "req-42"],
      ["outside", undefined],
    ]);
  });

  it("follows LOG_LEVEL", () => {
    const { logger, lines } = capture("warn");
    logger.info("quiet");
    logger.warn("loud");
    expect(lines.map((l) => l.msg)).toEqual(["loud"]);
  });

  it("logs an unknown error at error level with its name and message only", () => {
    const error = jest.spyOn(log, "error").mockImplementation(() => undefined);
    const res = errorResponse(new TypeError("boom"));
    expect(res.status).toBe(500);
    expect(error).toHaveBeenCalledWith({ error: "TypeError: boom" }, "unhandled error in route handler");
  });
});

describe("a client that hangs up mid-request", () => {
  it("is no server error: a body stream that fails with 'aborted' logs nothing above debug", async () => {
    const spies = { error: jest.spyOn(log, "error"), warn: jest.spyOn(log, "warn"), debug: jest.spyOn(log, "debug") };
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"title":"half a'));
        controller.error(Object.assign(new Error("aborted"), { code: "ECONNRESET" }));
      },
    });
    const req = await signedInRequest(alice, "/api/questions", { method: "POST", body, headers: { "Content-Type": "application/json" }, duplex: "half" } as RequestInit);
    const res = await askQuestion(req, routeContext());
    expect(res.status).toBe(499);
    expect(spies.error).not.toHaveBeenCalled();
    expect(spies.warn).not.toHaveBeenCalled();
    expect(spies.debug).toHaveBeenCalledWith("request aborted by the client");
  });

  it("is no server error over real HTTP either: the socket closed while the body is read", async () => {
    const spies = { error: jest.spyOn(log, "error"), warn: jest.spyOn(log, "warn") };
    let handled!: (status: number) => void;
    const done = new Promise<number>((resolve) => (handled = resolve));
    let reading!: () => void;
    const started = new Promise<void>((resolve) => (reading = resolve));
    // What next start does: the Node request becomes a web Request whose body streams from the socket.
    const server = http.createServer((incoming) => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(incoming.headers)) if (typeof value === "string") headers.set(name, value);
      const req = new Request(`http://localhost${incoming.url}`, {
        method: incoming.method,
        headers,
        body: Readable.toWeb(incoming) as ReadableStream<Uint8Array>,
        duplex: "half",
      } as RequestInit);
      incoming.once("data", () => reading());
      void askQuestion(req, routeContext()).then((res) => handled(res.status));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const client = http.request({
        host: "127.0.0.1",
        port: (server.address() as AddressInfo).port,
        path: "/api/questions",
        method: "POST",
        headers: { "Content-Type": "application/json", "Content-Length": "5000", Cookie: await sessionCookie(alice), Origin: "http://localhost" },
      });
      client.on("error", () => {});
      client.write('{"title":"a question that never arrives in full');
      await started;
      client.destroy();
      expect(await done).toBe(499);
      expect(spies.error).not.toHaveBeenCalled();
      expect(spies.warn).not.toHaveBeenCalled();
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
