// A stand-in for one app instance in tests (tests/integration/shutdown.test.ts): the graceful
// shutdown instrumentation.ts installs, an HTTP server whose /slow request takes a while, an
// automatic answer being written for the question id given as argument, and a view count waiting
// in memory. Run with `tsx --conditions=react-server`; prints "writing" once the answer has begun.
import http from "node:http";
import { installShutdown } from "@/lib/server/shutdown";
import { processOwedAnswers } from "@/lib/server/ai/worker";
import { recordQuestionView } from "@/lib/server/questions/views";
import { db } from "@/lib/server/db";

async function main() {
  const questionId = Number(process.argv[2]);
  installShutdown();
  const server = http.createServer((req, res) => {
    if (req.url === "/slow") {
      process.stdout.write("slow request received\n");
      setTimeout(() => res.end("finished"), 1_000);
      return;
    }
    res.end("ok");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  const question = await db.question.findUniqueOrThrow({ where: { id: questionId }, select: { id: true, authorId: true, viewCount: true } });
  await recordQuestionView(question, null, new Headers({ "x-forwarded-for": "198.51.100.200", "user-agent": "shutdown-test" }));
  void processOwedAnswers({ questionIds: [questionId] });
  process.stdout.write(`listening ${port}\n`);
}

void main();
