import "server-only";
import { francAll } from "franc-min";

/*
 * The language of a question (issue 15), so the automatic AI answer is written in it. Questions
 * are short and full of technical words (names of tools, code), which throw trigram statistics
 * off ("How to center a div" reads as Portuguese to them). So, in order:
 *
 * 1. code blocks, inline code, URLs and Markdown punctuation are left out;
 * 2. the function words of the common languages ("the", "how", "el", "cómo", "der", "wie"...)
 *    decide when one language clearly leads (at least two of its words, half again as many as
 *    the next language's);
 * 3. otherwise a long enough text goes to franc-min (trigrams, 80 languages) restricted to
 *    widely used languages, and counts only when its best guess clearly beats the second;
 * 4. otherwise the language is unknown, and the model is told to answer in the question's own
 *    language (it sees the question).
 *
 * Languages are ISO 639-3 codes, as franc gives them.
 */

const FUNCTION_WORDS: Record<string, readonly string[]> = {
  eng: ["the", "a", "an", "is", "are", "how", "what", "why", "when", "which", "do", "does", "i", "my", "to", "of", "in", "on", "and", "with", "for", "it", "can", "this", "that", "not", "there", "should", "get", "from", "after", "but", "be", "way", "best", "use", "using"],
  spa: ["de", "el", "la", "los", "las", "un", "una", "es", "cómo", "como", "qué", "que", "por", "para", "con", "del", "mi", "se", "no", "en", "y", "hay", "puedo", "cuál", "está", "pero", "después", "cada", "mejor", "forma", "todavía", "usar"],
  fra: ["le", "la", "les", "un", "une", "des", "est", "comment", "quel", "quelle", "pourquoi", "je", "mon", "ma", "mes", "pour", "avec", "dans", "sur", "et", "ne", "pas", "du", "de", "que", "qui", "après", "chaque", "mais", "utiliser", "faire"],
  deu: ["der", "die", "das", "ein", "eine", "ist", "wie", "was", "warum", "ich", "mein", "meine", "für", "mit", "und", "nicht", "auf", "zu", "den", "dem", "des", "es", "kann", "nach", "jedem", "aber", "bei", "sich", "wird", "habe", "von"],
  por: ["de", "o", "os", "as", "um", "uma", "é", "como", "não", "para", "com", "do", "da", "dos", "das", "no", "na", "meu", "minha", "que", "em", "e", "depois", "cada", "mas", "usar", "fazer", "qual"],
  ita: ["il", "lo", "gli", "le", "un", "una", "è", "come", "perché", "non", "per", "con", "del", "della", "nel", "nella", "mio", "mia", "che", "di", "e", "dopo", "ogni", "ma", "usare", "fare", "quale"],
  nld: ["de", "het", "een", "is", "hoe", "wat", "waarom", "ik", "mijn", "voor", "met", "en", "niet", "op", "van", "te", "na", "elke", "maar", "gebruiken", "kan"],
};

/** franc's candidates: widely used languages (trigram guesses among rare ones are mostly noise for short texts). */
const FRANC_ONLY = ["eng", "spa", "fra", "deu", "por", "ita", "nld", "pol", "rus", "ukr", "tur", "cmn", "jpn", "kor", "arb", "hin", "ben", "ind", "vie", "tha", "swe", "ces", "ron", "hun", "ell", "heb", "fas"];

const wordSets = Object.fromEntries(Object.entries(FUNCTION_WORDS).map(([lang, words]) => [lang, new Set(words)]));

/** The question's prose: no code, no links, no Markdown punctuation. */
function proseOf(text: string): string {
  return text
    .replace(/(```|~~~)[\s\S]*?(\1|$)/g, " ")
    .replace(/`[^`\n]*`/g, " ")
    .replace(/https?:\/\/\S+/g, " ")
    .replace(/[#>*_[\]()|~=+-]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

function byFunctionWords(prose: string): string | null {
  const words = prose.toLowerCase().match(/\p{L}+/gu) ?? [];
  const scores = Object.keys(wordSets).map((lang) => ({ lang, hits: words.filter((w) => wordSets[lang]!.has(w)).length }));
  scores.sort((a, b) => b.hits - a.hits);
  const [first, second] = scores;
  if (!first || first.hits < 2) return null;
  return first.hits >= 1.5 * (second?.hits ?? 0) ? first.lang : null;
}

/** Letters a text needs before franc's trigrams are worth asking. */
const FRANC_MIN_LETTERS = 60;

function byTrigrams(prose: string): string | null {
  if ((prose.match(/\p{L}/gu) ?? []).length < FRANC_MIN_LETTERS) return null;
  const [first, second] = francAll(prose, { only: FRANC_ONLY });
  if (!first || first[0] === "und") return null;
  return !second || second[1] < 0.9 ? first[0] : null;
}

/** The ISO 639-3 code of the language a question is written in (title and description), or null when unsure. */
export function detectQuestionLanguage(question: { title: string; description?: string | null }): string | null {
  const prose = proseOf(`${question.title}\n${question.description ?? ""}`);
  if (!prose) return null;
  // Scripts that give the language away (franc reads them reliably even in short texts).
  if (/[\u3040-\u30ff]/u.test(prose)) return "jpn";
  if (/[\uac00-\ud7af]/u.test(prose)) return "kor";
  return byFunctionWords(prose) ?? byTrigrams(prose);
}

const englishNames = new Intl.DisplayNames(["en"], { type: "language" });

/** A language's English name ("Spanish") for the model, or null for a code Intl does not know. */
export function languageName(code: string): string | null {
  try {
    const name = englishNames.of(code);
    return name && name !== code ? name : null;
  } catch {
    return null;
  }
}

/** ISO 639-3 codes of the interface's languages (issue 15): the labels Agora adds follow the question in these. */
const INTERFACE_LANGUAGES: Record<string, "en" | "es" | "fr" | "de"> = { eng: "en", spa: "es", fra: "fr", deu: "de" };

/** The interface language matching a detected language, else English. */
export function interfaceLocaleOf(code: string | null): "en" | "es" | "fr" | "de" {
  return (code && INTERFACE_LANGUAGES[code]) || "en";
}
