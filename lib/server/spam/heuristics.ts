import crypto from "node:crypto";

/*
 * The spam heuristics (issue 14): a score from signals any reader of a spam queue knows, run
 * inline on every new post by a member below trust level 2 (lib/server/trust.ts). Pure functions
 * of the text (and of the member's recent posts, for repeats), so `npm run bench:spam` measures
 * exactly what the server runs. Code (fenced blocks and inline code) is left out before anything
 * is read: a stack trace, a SQL statement or a constant in capitals is not spam.
 *
 * Each signal adds points; SPAM_THRESHOLD or more is spam. A single weak signal (a shortened
 * link, a phone number, shouting, a keyword that also has honest uses) never suffices alone.
 */

/** Points at which a post is judged spam. */
export const SPAM_THRESHOLD = 4;

/** One reason a post looks like spam, with its points. */
export interface SpamSignal {
  signal: string;
  points: number;
}

export interface SpamVerdict {
  spam: boolean;
  score: number;
  signals: SpamSignal[];
}

// Invisible characters spammers put inside words to dodge keyword lists.
const INVISIBLE = /[\u00ad\u200b-\u200f\u2060-\u2064\ufeff]/g;

/** The prose of a Markdown post: code blocks and inline code removed, Unicode folded (NFKC), invisible characters dropped. */
export function proseOf(markdown: string): string {
  return markdown
    .normalize("NFKC")
    .replace(INVISIBLE, "")
    .replace(/^(```|~~~)[^\n]*\n[\s\S]*?(^\1[^\n]*$|(?![\s\S]))/gm, " ")
    .replace(/`[^`\n]+`/g, " ");
}

const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>()[\]"']+/gi;

/** The URLs a post links to (Markdown links, autolinks, bare addresses and images), code excluded. */
export function linksOf(markdown: string): string[] {
  return proseOf(markdown).match(URL_PATTERN) ?? [];
}

/** How many links a post holds (code excluded): what the new members' cap of 2 counts. */
export function countLinks(markdown: string): number {
  return linksOf(markdown).length;
}

const hostOf = (url: string) => {
  try {
    return new URL(/^www\./i.test(url) ? `http://${url}` : url).hostname.toLowerCase().replace(/^www\./, "");
  } catch {
    return "";
  }
};

/** Link shorteners: they hide where a link goes. */
export const URL_SHORTENERS = [
  "bit.ly", "tinyurl.com", "goo.gl", "t.co", "ow.ly", "is.gd", "buff.ly", "cutt.ly", "rebrand.ly", "shorturl.at",
  "tiny.cc", "rb.gy", "s.id", "v.gd", "t.ly", "bl.ink", "lnkd.in", "shorte.st", "adf.ly", "bitly.com", "tiny.one", "urlz.fr",
];

/**
 * Known spam patterns, by kind: `strong` phrases hardly ever appear in an honest question or
 * answer (4 points: spam alone); `weak` ones have honest uses (2 points: spam only with another signal).
 */
export const SPAM_PATTERNS: { kind: string; strong: RegExp[]; weak: RegExp[] }[] = [
  {
    kind: "gambling",
    strong: [/\b(?:online|best|top|live|crypto) casinos?\b/, /\bslot gacor\b/, /\bjudi (?:online|bola|slot)\b/, /\bfree spins\b/, /\b(?:1xbet|bet365|betway|mostbet|melbet|stake\.com)\b/, /\bbetting (?:tips|sites?|odds)\b/, /\bsports ?betting\b/],
    weak: [/\bcasinos?\b/, /\bjackpots?\b/, /\bpoker\b/, /\bslots?\b(?! ?(?:=|\(|props?\b|machine learning))/],
  },
  {
    kind: "pharma",
    strong: [/\bv[i1!|]agra\b/, /\bc[i1!|]al[i1!|]s\b/, /\b(?:tramadol|xanax|oxycodone|oxycontin|valium|levitra|phentermine|ambien|hydrocodone|percocet)\b/, /\bwithout (?:a )?prescription\b/, /\bonline pharmacy\b/, /\b(?:weight loss|diet|keto|slimming|male enhancement|enlargement) (?:pills?|gummies|supplements?|capsules)\b/, /\bbuy (?:cheap )?(?:pills|meds|medications?)\b/],
    weak: [/\bcbd (?:oil|gummies)\b/, /\bpills?\b/, /\bpharmacy\b/],
  },
  {
    kind: "loans",
    strong: [/\b(?:payday|instant|quick|fast cash|urgent) loans?\b/, /\bloan (?:offer|lender|approval)s?\b/, /\bguaranteed (?:approval|loans?)\b/, /\bcredit repair\b/, /\bdebt relief\b/, /\blow[- ]interest loans?\b/],
    weak: [/\bbad credit\b/, /\bloans?\b/],
  },
  {
    kind: "crypto",
    strong: [/\b(?:crypto|bitcoin|btc|forex|binary options?) (?:signals?|investment plans?|trading platforms?|mining pools?|recovery|experts?)\b/, /\bguaranteed (?:profits?|returns?|income)\b/, /\bdouble your (?:money|bitcoin|btc|crypto|investment)\b/, /\b(?:recover|recovery of|retrieve) (?:your |my |their )?(?:lost|stolen|scammed) (?:funds|crypto|bitcoin|money)\b/, /\b(?:crypto|funds?|bitcoin) recovery (?:expert|agent|hacker|company)s?\b/, /\b\d{2,4}x (?:gains?|returns?|profits?)\b/, /\bnext 100x\b/, /\bpump(?:ing)? (?:group|signals?)\b/],
    weak: [/\bairdrops?\b/, /\bpassive income\b/, /\binvest(?:ment)? (?:opportunity|plan)\b/, /\bdaily (?:returns?|profits?)\b/, /\bforex\b/],
  },
  {
    // A few of the commonest non-English spam words (loans, casinos), matched as whole words.
    kind: "non-English",
    strong: [/(?<!\p{L})(?:займ\p{L}*|микрозайм\p{L}*|казино|букмекер\p{L}*)(?!\p{L})/u, /\bpréstamos? (?:rápidos?|sin buró|inmediatos?)\b/, /\b(?:sofortkredit|kredit ohne schufa)\b/, /\bpinjaman (?:online|cepat|dana)\b/],
    weak: [],
  },
  {
    kind: "adult",
    strong: [/\bcall girls?\b/, /\bescorts? (?:service|agency|girls?)\b/, /\b(?:hot|lonely|sexy|local) (?:singles|girls|women|milfs?) (?:in|near|waiting)\b/, /\badult (?:dating|chat|cams?)\b/, /\bxxx\b/, /\bporn\b/, /\bonlyfans\b/, /\bsex chat\b/],
    weak: [/\bescorts?\b/, /\bhook ?ups?\b/, /\bdating site\b/],
  },
  {
    kind: "marketing",
    strong: [
      /\b(?:make|earn|making|earning) (?:up to )?\$ ?\d[\d,]* ?(?:\/|per|a|every) ?(?:day|week|hour|month)\b/,
      /\bmake money (?:online|fast|from home)\b/,
      /\bbuy (?:cheap |real |instagram |youtube |tiktok )?(?:followers|likes|views|subscribers|backlinks|reviews|essays?)\b/,
      /\bseo (?:services|agency|package)\b/,
      /\b(?:essay|assignment|homework|dissertation) (?:writing )?(?:help|services?)\b/,
      /\bsmm panel\b/,
      /\b(?:customer (?:care|service|support)|helpline|toll[- ]free) (?:number|phone|no\.?)\b/,
      /\bfree (?:gift ?cards?|robux|v-?bucks)\b/,
      /\b100% (?:free|guaranteed|legit|working)\b/,
      /\breplica (?:watches|rolex|handbags|bags|designer)\b/,
      /\b(?:watch|stream|download) (?:free (?:movies|films|tv)|movies (?:free|online free))\b/,
    ],
    weak: [/\bwork from home\b/, /\bbacklinks?\b/, /\b(?:limited|special|exclusive) offer\b/, /\b(?:best|cheapest|lowest) prices?\b/, /\b(?:buy|order|shop|sign up|join|act) now\b/, /\bdiscount code\b/, /\bclick (?:here|the link|below)\b/, /\bvisit (?:our|my) (?:website|site|store|shop|page|profile)\b/, /\bour (?:company|agency|team) (?:offers|provides)\b/],
  },
];

// A shortened link written without its scheme ("bit.ly/abc").
const BARE_SHORTENED = new RegExp(`(?<![\\w.-])(?:${URL_SHORTENERS.map((h) => h.replace(/\./g, "\\.")).join("|")})/\\w+`);
const GENERIC_PRAISE = /^\s*(?:great|nice|good|awesome|amazing|excellent|informative|helpful) (?:post|article|answer|question|share|blog|info(?:rmation)?|content|read)\b|^\s*thanks? (?:you )?for (?:sharing|the (?:post|article|info(?:rmation)?))\b/;

const CONTACT_LURES: RegExp[] = [/\bwhats ?app\b/, /\bwa\.me\//, /\bt\.me\//, /\btelegram\b/, /\bviber\b/, /\bwechat\b/, /\bsignal app\b/, /\bkik\b/];
const CONTACT_INVITES: RegExp[] = [/\b(?:contact|reach|call|text|dm|message|inbox|email) (?:me|us)\b/, /\bcall now\b/, /\bget in touch\b/];
const PHONE = /(?:\+\d{1,3}[\s.-]?\(?\d{2,4}\)?[\s.-]?\d{3,4}[\s.-]?\d{3,5}\b)|(?:\(?\b\d{3}\)?[\s.-]\d{3}[\s.-]\d{4}\b)/;
const MONEY_EMOJI = /[💰💵💸🤑💲🎰💊🔞🚀🔥✅💯]/gu;

/** What the heuristics may know beyond the text: the member's recent posts, for repeats. */
export interface SpamContext {
  /** Normalized hashes (contentHash) of the member's recent posts, newest first. */
  recentHashes?: readonly string[];
}

/** Text normalized for repeat detection: prose only, lower case, letters and digits. */
export function normalizeForRepeat(markdown: string): string {
  return proseOf(markdown).toLowerCase().replace(URL_PATTERN, (url) => hostOf(url)).replace(/[^\p{L}\p{N}]+/gu, " ").trim();
}

/** Shortest normalized text whose repeats count (a repeated "Thanks, that worked!" is no spam). */
export const REPEAT_MIN_LENGTH = 40;

/** The hash of a post's normalized text, or null when it is too short to count repeats of. */
export function contentHash(markdown: string): string | null {
  const normalized = normalizeForRepeat(markdown);
  if (normalized.length < REPEAT_MIN_LENGTH) return null;
  return crypto.createHash("sha256").update(normalized).digest("hex").slice(0, 32);
}

/** Scores one post (title and body together for a question). */
export function analyzePost(markdown: string, context: SpamContext = {}): SpamVerdict {
  const prose = proseOf(markdown);
  const lower = prose.toLowerCase();
  const signals: SpamSignal[] = [];
  const add = (signal: string, points: number) => signals.push({ signal, points });

  // Known spam patterns: the strongest hit of each kind counts.
  for (const { kind, strong, weak } of SPAM_PATTERNS) {
    if (strong.some((re) => re.test(lower))) add(`${kind} phrases`, 4);
    else if (weak.some((re) => re.test(lower))) add(`${kind} words`, 2);
  }

  // Contact lures: messengers, "contact me", phone numbers.
  const lures = CONTACT_LURES.filter((re) => re.test(lower)).length;
  const invites = CONTACT_INVITES.some((re) => re.test(lower));
  const phone = PHONE.test(prose);
  if (lures > 0) add("messenger contact", 2);
  if (phone) add("phone number", 2);
  if (invites && (lures > 0 || phone)) add("asks to be contacted", 1);

  // Links: many, shortened, or little but links.
  const links = prose.match(URL_PATTERN) ?? [];
  const hosts = links.map(hostOf);
  if (hosts.some((host) => URL_SHORTENERS.includes(host)) || BARE_SHORTENED.test(lower)) add("shortened link", 3);
  // Blog-comment spam: an empty compliment carrying a link.
  if (links.length > 0 && GENERIC_PRAISE.test(lower)) add("empty praise with a link", 2);
  if (links.length >= 8) add("many links", 2);
  else if (links.length >= 5) add("several links", 1);
  if (links.length > 0) {
    const words = prose.replace(URL_PATTERN, " ").replace(/\[[^\]]*\]\([^)]*\)/g, " ").match(/[\p{L}\p{N}]{2,}/gu) ?? [];
    const linkChars = links.reduce((sum, url) => sum + url.length, 0);
    if (words.length < 6) add("little text around links", 2);
    else if (linkChars / Math.max(1, prose.replace(/\s+/g, "").length) > 0.6) add("mostly links", 1);
  }

  // Shouting and stretched characters.
  const letters = prose.replace(URL_PATTERN, " ").match(/\p{L}/gu) ?? [];
  const upper = letters.filter((c) => c !== c.toLowerCase() && c === c.toUpperCase()).length;
  if (letters.length >= 20 && upper / letters.length > 0.7) add("shouting", 1);
  if (/([^\s\w.\-=*#_|])\1{5,}|([a-z])\2{6,}/i.test(prose)) add("repeated characters", 1);
  if ((prose.match(MONEY_EMOJI) ?? []).length >= 3) add("money emoji", 1);

  // The same text posted again by the member.
  const hash = contentHash(markdown);
  const repeats = hash ? (context.recentHashes ?? []).filter((h) => h === hash).length : 0;
  if (repeats >= 2) add("posted repeatedly", 4);
  else if (repeats === 1) add("posted before", 2);

  const score = signals.reduce((sum, s) => sum + s.points, 0);
  return { spam: score >= SPAM_THRESHOLD, score, signals };
}

/** The signals of a verdict as one line for moderators ("pharma phrases (4), shortened link (3)"). */
export function describeSignals(verdict: SpamVerdict): string {
  return verdict.signals.map((s) => `${s.signal} (${s.points})`).join(", ");
}
