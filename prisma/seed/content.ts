// The demo community: who its members are, how its topics are organised, which groups exist and
// who follows and saves what. The questions, answers and comments live in questions-*.ts.
// Everything is fixed text; times are offsets from the moment of seeding.
import { infraQuestions } from "./questions-infra";
import { languageQuestions } from "./questions-languages";
import { webQuestions } from "./questions-web";
import type { DemoCategory, DemoGroup, DemoMember, DemoQuestion, DemoTag } from "./types";

export type { DemoAnswer, DemoCategory, DemoComment, DemoGroup, DemoMember, DemoQuestion, DemoTag } from "./types";

/** The password of every demo member. */
export const DEMO_PASSWORD = "agora-demo";
/** Demo members sign in as <key>@demo.agora.dev. */
export const DEMO_EMAIL_DOMAIN = "demo.agora.dev";

/** The built-in author of automatic AI answers (never counted as a member). */
export const assistant = {
  email: "ai@agora.local",
  firstName: "Agora",
  lastName: "AI",
  bio: "I write the first answer to every question within seconds, and I cite the community posts I drew on. Members check my work with votes and comments.",
  joinedDaysAgo: 240,
  model: "gpt-4o-mini",
} as const;

export const members: DemoMember[] = [
  {
    key: "maya",
    firstName: "Maya",
    lastName: "Chen",
    bio: "Frontend engineer working on a design system used by six product teams. React, TypeScript, and an unhealthy interest in hydration bugs.",
    city: "Toronto",
    country: "Canada",
    website: "https://mayachen.dev",
    social: { twitter: "mayachen_dev", linkedin: "maya-chen-frontend", github: "mayachen" },
    joinedDaysAgo: 210,
  },
  {
    key: "daniel",
    firstName: "Daniel",
    lastName: "Okafor",
    bio: "Backend engineer at a payments company. I spend my days reading EXPLAIN output and my evenings pretending I don't.",
    city: "Lagos",
    country: "Nigeria",
    website: "https://danielokafor.io",
    social: { twitter: "dokafor", linkedin: "daniel-okafor", github: "dokafor" },
    joinedDaysAgo: 195,
  },
  {
    key: "sofia",
    firstName: "Sofía",
    lastName: "Martínez",
    bio: "Site reliability engineer. Kubernetes, Terraform, on-call rotations and writing post-mortems nobody has to be blamed in.",
    city: "Madrid",
    country: "Spain",
    website: "https://sofiamartinez.es",
    social: { twitter: "sofia_sre", linkedin: "sofia-martinez-sre", github: "smartinez" },
    joinedDaysAgo: 180,
  },
  {
    key: "lukas",
    firstName: "Lukas",
    lastName: "Becker",
    bio: "Systems programmer. Writing Rust for embedded telemetry at work and a toy database at home. Happy to talk lifetimes any time.",
    city: "Berlin",
    country: "Germany",
    website: "https://lukasbecker.de",
    social: { twitter: null, linkedin: "lukas-becker-rust", github: "lbecker" },
    joinedDaysAgo: 170,
  },
  {
    key: "elena",
    firstName: "Elena",
    lastName: "Petrova",
    bio: "Application security engineer. I review auth flows for a living and run the occasional CTF. Threat model first, tools second.",
    city: "Tallinn",
    country: "Estonia",
    website: "https://elenapetrova.ee",
    social: { twitter: "elena_appsec", linkedin: "elena-petrova-security", github: "epetrova" },
    joinedDaysAgo: 160,
    role: "admin", // sign in as elena@demo.agora.dev to see /admin (README)
  },
  {
    key: "marcus",
    firstName: "Marcus",
    lastName: "Silva",
    bio: "Go and platform engineering. I build the internal developer platform at a logistics startup: CI, clusters, and the glue in between.",
    city: "São Paulo",
    country: "Brazil",
    website: "https://marcussilva.dev",
    social: { twitter: "marcus_builds", linkedin: "marcus-silva-platform", github: "msilva" },
    joinedDaysAgo: 150,
  },
  {
    key: "priya",
    firstName: "Priya",
    lastName: "Raman",
    bio: "Machine learning engineer on search ranking. PyTorch by day, learning Rust by night because my data loaders are too slow.",
    city: "Bengaluru",
    country: "India",
    website: "https://priyaraman.in",
    social: { twitter: "priya_ml", linkedin: "priya-raman-ml", github: "priyaraman" },
    joinedDaysAgo: 140,
  },
  {
    key: "james",
    firstName: "James",
    lastName: "Whitfield",
    bio: "Engineering manager for two backend teams; data engineer in a previous life. I ask career questions so you don't have to.",
    city: "Austin",
    country: "United States",
    website: "https://jameswhitfield.blog",
    social: { twitter: "jwhitfield", linkedin: "james-whitfield-em", github: "jwhitfield" },
    joinedDaysAgo: 125,
  },
  {
    key: "aiko",
    firstName: "Aiko",
    lastName: "Tanaka",
    bio: "Design engineer. I sit between Figma and the codebase and make sure the two stay on speaking terms. CSS is my first language.",
    city: "Osaka",
    country: "Japan",
    website: "https://aikotanaka.design",
    social: { twitter: "aiko_codes", linkedin: "aiko-tanaka", github: "aikotanaka" },
    joinedDaysAgo: 110,
  },
  {
    key: "tom",
    firstName: "Tom",
    lastName: "Hughes",
    bio: "Test automation engineer. Playwright, Jest, and a long list of flaky tests I have personally un-flaked.",
    city: "Manchester",
    country: "United Kingdom",
    website: "https://tomhughes.uk",
    social: { twitter: "tomtests", linkedin: "tom-hughes-qa", github: "thughes" },
    joinedDaysAgo: 95,
    role: "moderator", // sign in as tom@demo.agora.dev to see /review and /admin/audit (README)
  },
];

/** The e-mail address of a demo member. */
export function demoEmail(key: string): string {
  return `${key}@${DEMO_EMAIL_DOMAIN}`;
}

/** Sign-in details of every demo member. */
export const demoLogins: { email: string; password: string; name: string; role: "member" | "moderator" | "admin" }[] = members.map((m) => ({
  email: demoEmail(m.key),
  password: DEMO_PASSWORD,
  name: `${m.firstName} ${m.lastName}`,
  role: m.role ?? "member",
}));

export const categories: DemoCategory[] = [
  {
    name: "Web Development",
    color: "#2563eb",
    description: "Building for the browser: frameworks, styling, JavaScript and the tests that keep it honest.",
  },
  {
    name: "Infrastructure",
    color: "#059669",
    description: "Databases, containers, clusters, pipelines, and keeping production safe.",
  },
  {
    name: "Languages & Careers",
    color: "#d97706",
    description: "Language deep dives, machine learning, and the human side of the job.",
  },
];

export const tags: DemoTag[] = [
  { name: "react", color: "#0891b2", category: "Web Development" },
  { name: "nextjs", color: "#334155", category: "Web Development" },
  { name: "css", color: "#663399", category: "Web Development" },
  { name: "javascript", color: "#ca8a04", category: "Web Development" },
  { name: "testing", color: "#16a34a", category: "Web Development" },
  { name: "postgresql", color: "#336791", category: "Infrastructure" },
  { name: "docker", color: "#0ea5e9", category: "Infrastructure" },
  { name: "kubernetes", color: "#326ce5", category: "Infrastructure" },
  { name: "devops", color: "#ea580c", category: "Infrastructure" },
  { name: "security", color: "#dc2626", category: "Infrastructure" },
  { name: "typescript", color: "#3178c6", category: "Languages & Careers" },
  { name: "rust", color: "#b7410e", category: "Languages & Careers" },
  { name: "python", color: "#3776ab", category: "Languages & Careers" },
  { name: "go", color: "#00add8", category: "Languages & Careers" },
  { name: "machine-learning", color: "#9333ea", category: "Languages & Careers" },
  { name: "career", color: "#db2777", category: "Languages & Careers" },
];

export const groups: DemoGroup[] = [
  {
    key: "frontend",
    name: "Frontend Guild",
    description:
      "People building user interfaces with React, Next.js and modern CSS: rendering bugs, accessibility, design systems and the tooling around them.",
    rules: [
      "1. Include a minimal reproduction (a repo, StackBlitz or CodeSandbox) when you ask about a bug.",
      "2. Say which framework, browser and Node versions you are on.",
      "3. Be kind to beginners: everyone ships a hydration error once.",
      "4. No job ads or self-promotion.",
    ].join("\n"),
    isPrivate: false,
    createdDaysAgo: 57,
    members: [
      { member: "maya", joinedDaysAgo: 57 },
      { member: "aiko", joinedDaysAgo: 56 },
      { member: "tom", joinedDaysAgo: 55.5 },
      { member: "james", joinedDaysAgo: 50 },
      { member: "daniel", joinedDaysAgo: 40 },
    ],
  },
  {
    key: "platform",
    name: "Platform & SRE Circle",
    description:
      "For the people who keep production running: Kubernetes, CI/CD, observability, incident response and infrastructure as code.",
    rules: [
      "1. Redact hostnames, account ids and anything secret before pasting logs or manifests.",
      "2. Post the versions you run (cluster, Terraform, provider, chart).",
      "3. Share what you already tried, so nobody suggests restarting it again.",
      "4. Blameless tone, always.",
    ].join("\n"),
    isPrivate: false,
    createdDaysAgo: 55,
    members: [
      { member: "sofia", joinedDaysAgo: 55 },
      { member: "marcus", joinedDaysAgo: 54 },
      { member: "daniel", joinedDaysAgo: 53 },
      { member: "lukas", joinedDaysAgo: 45 },
      { member: "priya", joinedDaysAgo: 20 },
    ],
  },
  {
    key: "security",
    name: "Security Disclosure Desk",
    description:
      "A private room for discussing vulnerabilities, incident handling and disclosure before details are public. Membership is approved by the creator.",
    rules: [
      "1. Nothing posted here leaves the group until the issue is fixed and disclosed.",
      "2. Never paste live credentials, customer data or working exploit code.",
      "3. Name vendors only when the disclosure is coordinated with them.",
      "4. Requests to join are approved by the creator after a short chat.",
    ].join("\n"),
    isPrivate: true,
    createdDaysAgo: 43,
    members: [
      { member: "elena", joinedDaysAgo: 43 },
      { member: "daniel", joinedDaysAgo: 42.5 },
      { member: "marcus", joinedDaysAgo: 42 },
      { member: "sofia", joinedDaysAgo: 41.5 },
    ],
  },
];

/** Members waiting for a private group's creator to let them in. */
export const pendingJoinRequests: { group: string; member: string; daysAgo: number }[] = [
  { group: "security", member: "tom", daysAgo: 1.5 },
];

/** Every question, oldest first (their ids follow this order). */
export const questions: DemoQuestion[] = [...webQuestions, ...infraQuestions, ...languageQuestions].sort(
  (a, b) => b.daysAgo - a.daysAgo,
);

/** [follower, followed, days ago]. */
export const userFollows: [string, string, number][] = [
  ["maya", "aiko", 50],
  ["maya", "tom", 41],
  ["maya", "lukas", 23],
  ["daniel", "sofia", 52],
  ["daniel", "elena", 44],
  ["daniel", "marcus", 30],
  ["sofia", "marcus", 53],
  ["sofia", "daniel", 36],
  ["lukas", "marcus", 47],
  ["lukas", "priya", 14],
  ["elena", "daniel", 40],
  ["elena", "sofia", 6],
  ["marcus", "sofia", 54],
  ["marcus", "lukas", 22],
  ["priya", "lukas", 12],
  ["priya", "james", 4.5],
  ["james", "maya", 48],
  ["james", "daniel", 29],
  ["james", "priya", 2.5],
  ["aiko", "maya", 55],
  ["tom", "maya", 54],
  ["tom", "aiko", 0.8],
  ["lukas", "maya", 3],
  ["priya", "maya", 1.2],
];

/** Tags each member follows. */
export const tagFollows: Record<string, string[]> = {
  maya: ["react", "nextjs", "typescript", "css", "testing"],
  daniel: ["postgresql", "security", "go", "career"],
  sofia: ["kubernetes", "devops", "docker", "postgresql"],
  lukas: ["rust", "go", "typescript"],
  elena: ["security", "devops", "javascript"],
  marcus: ["go", "docker", "kubernetes", "devops"],
  priya: ["python", "machine-learning", "rust"],
  james: ["career", "typescript", "postgresql", "react"],
  aiko: ["css", "react", "nextjs"],
  tom: ["testing", "react", "typescript", "javascript"],
};

/** [member, category]. */
export const categoryFollows: [string, string][] = [
  ["maya", "Web Development"],
  ["sofia", "Infrastructure"],
  ["marcus", "Infrastructure"],
  ["priya", "Languages & Careers"],
  ["james", "Languages & Careers"],
];

/** [member, question key, days after the question was posted]. */
export const savedQuestions: [string, string, number][] = [
  ["maya", "use-effect-twice", 0.5],
  ["maya", "jest-response-undefined", 1],
  ["maya", "ts-generic-unknown", 0.2],
  ["maya", "docker-localhost", 2],
  ["daniel", "pg-index-order-by", 0.1],
  ["daniel", "keyset-pagination", 0.3],
  ["daniel", "csrf-samesite", 1.5],
  ["daniel", "prisma-serverless-pool", 0.4],
  ["sofia", "oom-killed-jvm", 0.2],
  ["sofia", "terraform-sg-drift", 0.5],
  ["sofia", "gha-secret-artifact", 0.3],
  ["lukas", "async-trait-send", 0.1],
  ["lukas", "go-generics-numeric", 1],
  ["elena", "jwt-localstorage", 0.2],
  ["elena", "leaked-aws-key", 0.1],
  ["marcus", "readiness-probe-502", 1],
  ["marcus", "arc-mutex-channels", 3],
  ["priya", "pandas-groupby-slow", 0.3],
  ["priya", "fp16-gradients", 0.2],
  ["priya", "ic-to-manager", 6],
  ["james", "leetcode-mid-level", 0.5],
  ["james", "promotion-packet", 0.1],
  ["aiko", "container-vs-media", 0.4],
  ["aiko", "dark-mode-flash", 0.2],
  ["tom", "playwright-flaky-toast", 0.1],
  ["tom", "use-sync-external-store-test", 0.6],
];
