/** @jest-environment node */
// The automatic answer in the question's language (issue 15), end to end against a loopback
// OpenAI-compatible server: the worker tells the model the language it detected.
import { db } from "@/lib/server/db";
import { createQuestion as createQuestionWithJob } from "@/lib/server/questions/mutations";
import { processOwedAnswers } from "@/lib/server/ai/worker";
import { createTag, createUser, type TestUser } from "@/tests/factories";
import { startFakeOpenAI, systemMessageOf, type FakeOpenAI } from "@/tests/support/fake-openai";

let fake: FakeOpenAI;
let asker: TestUser;

beforeAll(async () => {
  fake = await startFakeOpenAI();
  process.env.AGORA_AI_WORKER = "off"; // only this file's explicit calls write answers
  asker = await createUser({ tag: "ai-lang" });
});

beforeEach(() => {
  fake.reset();
  process.env.OPENAI_BASE_URL = fake.url;
  process.env.AI_MODEL = "fake-model";
  delete process.env.OPENAI_API_KEY;
});

afterAll(async () => {
  await fake.close();
  await db.$disconnect();
});

async function answerFor(title: string, description: string): Promise<string> {
  const { id } = await createQuestionWithJob(asker, { title, description, tags: [await createTag()], group: null });
  expect(await processOwedAnswers({ questionIds: [id] })).toMatchObject({ done: 1 });
  return systemMessageOf(fake.requests.at(-1)!);
}

describe("the automatic answer's language", () => {
  it("asks the model for Spanish for a question in Spanish", async () => {
    const system = await answerFor("¿Cómo evito que mi contador se reinicie en cada render?", "Uso React y el contador vuelve a cero cada vez que el componente se actualiza.");
    expect(system).toContain("Write the answer in Spanish, the language of the question");
  });

  it("asks the model for English for a question in English", async () => {
    const system = await answerFor("How do I stop my counter from resetting on every render?", "I use React and the counter goes back to zero whenever the component updates.");
    expect(system).toContain("Write the answer in English, the language of the question");
  });
});
