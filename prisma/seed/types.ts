// Shapes of the demo community's hand-written content, and the tag that keeps Markdown readable in it.

/** A demo member, referred to everywhere else by `key` (also the local part of the e-mail address). */
export interface DemoMember {
  key: string;
  firstName: string;
  lastName: string;
  bio: string;
  city: string;
  country: string;
  website: string;
  social: { twitter: string | null; linkedin: string | null; github: string | null };
  joinedDaysAgo: number;
  /** A moderator or an admin of the demo site (issue 14); absent: a member. */
  role?: "moderator" | "admin";
}

export interface DemoCategory {
  name: string;
  color: string;
  description: string;
}

export interface DemoTag {
  name: string;
  color: string;
  category: string;
}

export interface DemoGroup {
  key: string;
  name: string;
  description: string;
  rules: string;
  isPrivate: boolean;
  createdDaysAgo: number;
  /** The creator first, then the others, each with the day they joined. */
  members: { member: string; joinedDaysAgo: number }[];
}

export interface DemoComment {
  by: string;
  text: string;
  /** Minutes after the answer (top-level comments) or after the parent comment (replies). */
  after: number;
  /** Minutes after posting that the author edited it. */
  editedAfter?: number;
  replies?: DemoComment[];
}

export interface DemoAnswer {
  by: string;
  /** Hours after the question was posted. */
  after: number;
  text: string;
  /** Set when the member generated this answer from their own prompt (SPEC: custom AI answers). */
  prompt?: string;
  comments?: DemoComment[];
}

export interface DemoQuestion {
  key: string;
  by: string;
  title: string;
  tags: string[];
  group?: string;
  daysAgo: number;
  views: number;
  body: string;
  /** The automatic AI answer, posted seconds after the question. */
  ai: { text: string; comments?: DemoComment[] };
  answers: DemoAnswer[];
}

/**
 * Template tag for Markdown written in TypeScript: backslashes stay as written (String.raw),
 * \` and \${ become ` and ${, and the common indentation and the surrounding blank lines go.
 */
export function md(strings: TemplateStringsArray, ...values: unknown[]): string {
  const raw = String.raw({ raw: strings.raw }, ...values).replace(/\\([`$])/g, "$1");
  const lines = raw.replace(/^\n+/, "").replace(/\s+$/, "").split("\n");
  const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => l.match(/^ */)![0].length));
  return lines.map((l) => l.slice(indent)).join("\n");
}
