// Draft coaching (issue 17): the heuristics behind the Ask dialog's suggestions, in English,
// Spanish, French and German; and the draft fingerprint that decides whether an AI answer
// written before posting still belongs to the draft.
import { coachDraft, isGenericTitle, isQuestionTitle, unformattedCodeLines, type CoachingKind } from "@/lib/coaching";
import { draftFingerprint } from "@/lib/ai-draft";

const kinds = (title: string, description = "", duplicateLikely = false): CoachingKind[] => coachDraft({ title, description, duplicateLikely }).map((s) => s.kind);

const TRIED = "I tried clearing the cache and reinstalling, and searched the docs already.";

describe("the title", () => {
  it.each([
    ["en", "Help with error"],
    ["en", "Python problem, please help!!"],
    ["es", "Ayuda, problema urgente"],
    ["fr", "Aidez-moi svp, erreur"],
    ["de", "Hilfe! Fehler, bitte dringend"],
  ])("made of generic words (%s) is vague: %s", (_lang, title) => {
    expect(isGenericTitle(title)).toBe(true);
    expect(kinds(title)).toEqual(["titleGeneric"]);
  });

  it.each([
    ["en", "Why does useEffect run twice in development?"],
    ["en", "How to read a file line by line in Rust"],
    ["es", "¿Cómo leo un archivo JSON en Node.js?"],
    ["fr", "Pourquoi mon conteneur Docker redémarre en boucle ?"],
    ["de", "Warum läuft mein Cronjob in Kubernetes nicht"],
  ])("a specific question (%s) gets no suggestion: %s", (_lang, title) => {
    expect(kinds(title)).toEqual([]);
  });

  it("says a title of few words is too short", () => {
    expect(kinds("Docker volume permissions")).toEqual(["titleTooShort"]);
  });

  it("says a title that is no question should be one, in any of the four languages", () => {
    expect(kinds("React state resets after every navigation")).toEqual(["titleNotQuestion"]);
    expect(isQuestionTitle("Est-ce que Prisma gère les transactions imbriquées")).toBe(true);
    expect(isQuestionTitle("Wie konfiguriere ich nginx als Reverse Proxy")).toBe(true);
    expect(isQuestionTitle("Mi servidor nginx devuelve 502?")).toBe(true);
  });

  it("says nothing about an empty title", () => {
    expect(kinds("")).toEqual([]);
  });
});

describe("the description", () => {
  const title = "Why does my deploy pipeline stop on CI but not locally?";

  it("is not coached while it is short", () => {
    expect(kinds(title, "It fails.")).toEqual([]);
  });

  it("asks for code formatting when lines look like code outside code blocks", () => {
    const description = `My component:\nconst [count, setCount] = useState(0);\nuseEffect(() => {\n  setCount(count + 1);\n});\n${TRIED}`;
    expect(unformattedCodeLines(description)).toBeGreaterThanOrEqual(2);
    expect(kinds(title, description)).toEqual(["codeUnformatted"]);
    expect(kinds(title, `My component:\n\`\`\`tsx\nconst [count, setCount] = useState(0);\nuseEffect(() => {\n});\n\`\`\`\n${TRIED}`)).toEqual([]);
  });

  it.each([
    ["en", "The build throws an error when it reaches the test step, every time on CI.", "I tried pinning the Node version."],
    ["es", "La compilación da un error cuando llega a los tests en el servidor de CI.", "Ya probé a fijar la versión de Node."],
    ["fr", "La compilation échoue avec une erreur quand elle arrive aux tests sur la CI.", "J'ai déjà essayé de fixer la version de Node."],
    ["de", "Der Build bricht mit einem Fehler ab, sobald er die Tests auf dem CI erreicht.", "Ich habe schon versucht, die Node-Version festzulegen."],
  ])("asks for the error message when one is mentioned but not quoted (%s)", (_lang, mention, tried) => {
    expect(kinds(title, `${mention} ${tried}`)).toEqual(["errorNotQuoted"]);
    expect(kinds(title, `${mention}\n\n> Error: Cannot find module 'x'\n\n${tried}`)).toEqual([]);
    expect(kinds(title, `${mention} \`ENOENT: no such file\` ${tried}`)).toEqual([]);
  });

  it.each([
    ["en", "The deploy works on my laptop but the pipeline stops at the install step."],
    ["es", "El despliegue funciona en mi portátil pero la canalización se detiene al instalar."],
    ["fr", "Le déploiement marche sur mon portable mais le pipeline s'arrête à l'installation."],
    ["de", "Das Deployment klappt auf meinem Laptop, aber die Pipeline hält beim Installieren an."],
  ])("asks what was tried when the description does not say (%s)", (_lang, description) => {
    expect(kinds(title, description)).toEqual(["nothingTried"]);
  });

  it("lists a likely duplicate when the similar questions panel says so", () => {
    expect(kinds(title, "", true)).toEqual(["duplicateLikely"]);
  });
});

describe("draftFingerprint", () => {
  const draft = { title: "Why does my build fail?", description: "It fails on CI.\n\nOnly there.", groupId: null };

  it("ignores spacing and letter case", () => {
    expect(draftFingerprint({ ...draft, title: "  why does MY build   fail? ", description: "It fails on CI. Only there.  " })).toBe(draftFingerprint(draft));
  });

  it("changes with the words, and with the group", () => {
    expect(draftFingerprint({ ...draft, description: "It fails on CI. Only there, sometimes." })).not.toBe(draftFingerprint(draft));
    expect(draftFingerprint({ ...draft, groupId: 3 })).not.toBe(draftFingerprint(draft));
  });
});
