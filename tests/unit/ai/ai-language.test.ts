/** @jest-environment node */
// The automatic answer is written in the question's language (issue 15): detected from the
// question's title and description, and told to the model in the system message.
import { simulateReadableStream } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { generateAnswer } from "@/lib/server/ai/generate";
import { detectQuestionLanguage, interfaceLocaleOf, languageName } from "@/lib/server/ai/language";
import { SYSTEM_PROMPT, systemPromptFor } from "@/lib/server/ai/prompts";

const usage = {
  inputTokens: { total: 4, noCache: 4, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 2, text: 2, reasoning: undefined },
};

function model() {
  return new MockLanguageModelV4({
    doStream: async () => ({
      stream: simulateReadableStream({
        chunks: [
          { type: "text-start" as const, id: "t" },
          { type: "text-delta" as const, id: "t", delta: "OK" },
          { type: "text-end" as const, id: "t" },
          { type: "finish" as const, finishReason: { unified: "stop" as const, raw: undefined }, usage },
        ],
      }),
    }),
  });
}

/** The system message the model received. */
async function systemMessageFor(question: { title: string; description: string }): Promise<string> {
  const mock = model();
  await generateAnswer({ input: { question, sources: [] }, model: mock, config: null });
  const system = mock.doStreamCalls[0]!.prompt.find((m) => m.role === "system");
  return system && typeof system.content === "string" ? system.content : "";
}

describe("the language of a question", () => {
  it.each([
    ["How do I reset the connection pool?", "My app keeps running out of connections after every deploy.", "eng"],
    ["How to center a div", "", "eng"],
    ["¿Cómo reinicio el pool de conexiones?", "Mi aplicación se queda sin conexiones después de cada despliegue.", "spa"],
    ["¿Cómo centro un div?", "", "spa"],
    ["Comment réinitialiser le pool de connexions ?", "Mon application manque de connexions après chaque déploiement.", "fra"],
    ["Wie zentriere ich ein div?", "", "deu"],
    ["Como centralizar uma div no CSS?", "Tentei usar flexbox mas não funciona.", "por"],
    ["Как сбросить пул соединений после каждого деплоя приложения?", "Приложение постоянно теряет соединения с базой данных после деплоя.", "rus"],
  ])("%s → %s", (title, description, expected) => {
    expect(detectQuestionLanguage({ title, description })).toBe(expected);
  });

  it("leaves code and links out, and is unsure of a text with no prose", () => {
    expect(detectQuestionLanguage({ title: "useEffect", description: "```js\nconst the = a.is.how;\n```\nhttps://example.com/the/how/is" })).toBeNull();
    expect(
      detectQuestionLanguage({ title: "¿Por qué falla mi consulta?", description: "```sql\nSELECT the FROM how WHERE is = 'what and the';\n```\nEl error aparece con la tabla vacía." }),
    ).toBe("spa");
  });

  it("names languages in English for the model, and maps ours to the interface's", () => {
    expect(languageName("spa")).toBe("Spanish");
    expect(languageName("deu")).toBe("German");
    expect(interfaceLocaleOf("fra")).toBe("fr");
    expect(interfaceLocaleOf("por")).toBe("en");
    expect(interfaceLocaleOf(null)).toBe("en");
  });
});

describe("the prompt sent to the model", () => {
  it("asks for Spanish for a Spanish question", async () => {
    const system = await systemMessageFor({ title: "¿Cómo reinicio el pool de conexiones?", description: "Mi aplicación se queda sin conexiones después de cada despliegue." });
    expect(system.startsWith(SYSTEM_PROMPT)).toBe(true);
    expect(system).toContain("Write the answer in Spanish, the language of the question");
  });

  it("asks for English for an English question", async () => {
    const system = await systemMessageFor({ title: "How do I reset the connection pool?", description: "My app keeps running out of connections after every deploy." });
    expect(system).toContain("Write the answer in English, the language of the question");
    expect(system).not.toContain("Spanish");
  });

  it("asks for the question's own language when it cannot tell", async () => {
    expect(await systemMessageFor({ title: "kubectl", description: "" })).toContain("Write the answer in the language the question is written in");
    expect(systemPromptFor(null)).toContain("the language the question is written in");
  });
});
