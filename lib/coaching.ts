// Draft coaching in the Ask dialog (issue 17): suggestions about a question being written, never
// edits. Pure heuristics shared by the browser and tests; they read English, Spanish, French and
// German (question words, generic words, error words, "what I tried"), and code by its shape.

/** What a suggestion is about; the Ask dialog words each one (messages/<lang>/askAi.json, coach). */
export type CoachingKind = "titleTooShort" | "titleNotQuestion" | "titleGeneric" | "codeUnformatted" | "errorNotQuoted" | "nothingTried" | "duplicateLikely";

/** A suggestion, ordered as the dialog lists them. */
export interface CoachingSuggestion {
  kind: CoachingKind;
}

/** The draft as coaching reads it. */
export interface CoachingDraft {
  title: string;
  description: string;
  /** Set by the similar-questions panel when a question already asked looks like this one. */
  duplicateLikely?: boolean;
}

/** A title shorter than this (in words) says too little. */
export const MIN_TITLE_WORDS = 4;
/** Below this many characters a description is not coached yet (the member is still typing). */
export const MIN_DESCRIPTION_CHARS = 40;

// Words that say nothing about the problem on their own, in the four languages.
const GENERIC_WORDS = new Set([
  // en
  "help", "helpme", "problem", "problems", "issue", "issues", "error", "errors", "bug", "bugs", "question", "urgent", "please", "pls", "plz", "need", "needed", "doesn't", "doesnt", "work", "working", "works", "not", "broken", "fix", "stuck", "trouble", "anyone", "somebody", "someone", "asap", "quick", "simple", "code", "my", "a", "an", "the", "with", "in", "on", "i", "me", "have", "has", "is", "it", "this", "some", "there", "get", "getting", "got", "and", "or", "to", "of", "for",
  // es
  "ayuda", "ayudar", "problema", "problemas", "error", "errores", "fallo", "duda", "dudas", "pregunta", "urgente", "favor", "por", "no", "funciona", "necesito", "mi", "un", "una", "el", "la", "con", "en", "de", "tengo", "código", "codigo", "algo", "alguien",
  // fr
  "aide", "aidez", "aidez-moi", "besoin", "problème", "probleme", "problèmes", "erreur", "erreurs", "bogue", "souci", "urgent", "svp", "question", "marche", "pas", "ne", "fonctionne", "mon", "ma", "un", "une", "le", "la", "les", "avec", "dans", "de", "j'ai", "code", "quelqu'un",
  // de
  "hilfe", "helfen", "problem", "probleme", "fehler", "frage", "dringend", "bitte", "funktioniert", "geht", "nicht", "brauche", "mein", "meine", "ein", "eine", "der", "die", "das", "mit", "bei", "ich", "habe", "code", "jemand",
]);

// JavaScript's \b knows only ASCII letters; these boundaries know every script's.
const BEFORE = "(?<![\\p{L}\\p{N}])";
const AFTER = "(?![\\p{L}\\p{N}])";
const anyWord = (words: readonly string[]) => `(?:${words.join("|")})${AFTER}`;

// Words a question starts with, in the four languages.
const QUESTION_START = new RegExp(
  `^(?:¿|${anyWord([
    "how", "what", "why", "when", "where", "which", "who", "whom", "whose", "can", "could", "should", "would", "will", "is", "are", "was", "were", "do", "does", "did", "has", "have", "may", "must", "shall",
    "cómo", "como", "qué", "que", "por qué", "porque", "cuál", "cual", "cuáles", "dónde", "donde", "cuándo", "cuando", "quién", "puedo", "se puede", "es posible", "hay", "debo", "existe",
    "comment", "pourquoi", "quel", "quelle", "quels", "quelles", "quand", "où", "qui", "est-ce", "peut-on", "puis-je", "faut-il", "combien",
    "wie", "warum", "wieso", "weshalb", "was", "wann", "wo", "woher", "wohin", "welche", "welcher", "welches", "wer", "kann", "könnte", "soll", "sollte", "gibt", "ist", "sind", "muss", "darf",
  ])})`,
  "iu",
);

// Mentions of an error, a failure or a crash.
const ERROR_WORDS = new RegExp(
  BEFORE +
    anyWord([
      "errors?", "exceptions?", "traceback", "stack ?trace", "crash(?:es|ed)?", "fails?", "failed", "panic", "segfault",
      "error(?:es)?", "excepción", "excepcion", "falla", "fallo",
      "erreurs?", "plantage", "plante", "échoue",
      "fehler", "fehlermeldung", "ausnahme", "absturz", "stürzt",
    ]),
  "iu",
);

// Saying what was tried already.
const TRIED_WORDS = new RegExp(
  BEFORE +
    anyWord([
      "tried", "try(?:ing)?", "attempted", "attempts?", "i've", "i have", "so far", "already", "searched", "followed",
      "probé", "probado", "intenté", "intentado", "ya", "busqué",
      "essayé", "essaye", "tenté", "déjà", "cherché",
      "versucht", "probiert", "bereits", "schon", "gesucht",
    ]),
  "iu",
);

// A line that looks like code: statements, calls, tags, assignments, stack frames.
const CODE_LINE = [
  /[;{}]\s*$/, // ends a statement or opens a block
  /^\s*(?:import|from|export|const|let|var|function|def|class|return|if|for|while|public|private|package|using|#include|SELECT|INSERT|UPDATE)\b.*[({=:;'"]/i,
  /^\s*<\/?[a-z][\w-]*(?:\s[^>]*)?>/i, // an HTML or JSX tag
  /\w+\s*\([^)]*\)\s*(?:=>|\{|;)/, // a call or a definition
  /^\s*at\s+[\w.$<>]+\s*\(.*:\d+(?::\d+)?\)\s*$/, // a stack frame
  /^\s*[\w.]+\s*=\s*[\w"'[{(]/, // an assignment
  /^\s*\$\s+\S/, // a shell prompt
];

/** The description without fenced code blocks, indented code blocks and inline code. */
function proseOf(markdown: string): string {
  return markdown
    .replace(/(^|\n)(```|~~~)[^\n]*\n[\s\S]*?(?:\n\2[^\n]*(?=\n|$)|$)/g, "\n")
    .replace(/(^|\n)(?: {4}|\t)[^\n]*/g, "\n")
    .replace(/`+[^`\n]*`+/g, " ");
}

/** Whether the Markdown quotes something: code (fenced, indented or inline) or a block quote. */
function quotesSomething(markdown: string): boolean {
  return /(^|\n)(```|~~~)|(^|\n)(?: {4}|\t)\S|`[^`\n]+`|(^|\n)\s*>/.test(markdown);
}

const wordsOf = (text: string) => text.toLocaleLowerCase("en-US").match(/[\p{L}\p{N}][\p{L}\p{N}'’+#.-]*/gu)?.map((w) => w.replace(/[.’]+$/g, "").replace("’", "'")) ?? [];

/** Whether the title says anything beyond generic words ("Help with error!!", "Problema urgente"). */
export function isGenericTitle(title: string): boolean {
  const words = wordsOf(title);
  if (words.length === 0) return false;
  return words.filter((w) => !GENERIC_WORDS.has(w)).length < 2;
}

/** Whether the title reads as a question: a question mark, or a question word first. */
export function isQuestionTitle(title: string): boolean {
  const text = title.trim();
  return /[?？]\s*$/.test(text) || QUESTION_START.test(text);
}

/** Lines of the description outside code that look like code. */
export function unformattedCodeLines(description: string): number {
  return proseOf(description)
    .split("\n")
    .filter((line) => line.trim().length > 2 && CODE_LINE.some((pattern) => pattern.test(line))).length;
}

/** The suggestions for a draft, in the order the dialog lists them. */
export function coachDraft(draft: CoachingDraft): CoachingSuggestion[] {
  const out: CoachingSuggestion[] = [];
  const title = draft.title.trim();
  const description = draft.description.trim();
  if (title.length > 0) {
    if (isGenericTitle(title)) out.push({ kind: "titleGeneric" });
    else if (wordsOf(title).length < MIN_TITLE_WORDS) out.push({ kind: "titleTooShort" });
    else if (!isQuestionTitle(title)) out.push({ kind: "titleNotQuestion" });
  }
  if (draft.duplicateLikely) out.push({ kind: "duplicateLikely" });
  if (description.length >= MIN_DESCRIPTION_CHARS || unformattedCodeLines(description) >= 2) {
    if (unformattedCodeLines(description) >= 2) out.push({ kind: "codeUnformatted" });
    if (ERROR_WORDS.test(`${title}\n${proseOf(description)}`) && !quotesSomething(description)) out.push({ kind: "errorNotQuoted" });
    if (!TRIED_WORDS.test(proseOf(description))) out.push({ kind: "nothingTried" });
  }
  return out;
}
