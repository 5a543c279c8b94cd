/*
 * Every React Query key, from general to specific. A key is the API path it
 * reads: the default queryFn (query-client.ts) GETs the string and number parts
 * joined by "/" (parts after the first are URL-encoded), and turns a trailing
 * plain object into the query string. So invalidating a general key, e.g.
 * keys.questions.all, also refreshes every more specific key under it.
 *
 * Components import hooks, not this file's literals; hooks import from here.
 */

/** Query-string parameters carried by a key; empty values are left out of the URL. */
export type KeyParams = Record<string, string | number | boolean | null | undefined>;

/** Filters of the question list (GET /api/questions). */
export interface QuestionListFilters extends KeyParams {
  sort?: "newest" | "votes" | "views" | "activity";
  tag?: string;
  answers?: "answered" | "unanswered" | "notAccepted";
}

/** Orders of a tag page's questions (GET /api/tags/{id}/questions?sort=). */
export type TagQuestionSort = "newest" | "active" | "votes";

/** Tabs of the members directory (GET /api/users). */
export type UserListTab = "new" | "asker" | "answerer" | "voters" | "reputation" | "reputation-month";

export const keys = {
  auth: {
    user: ["/api/auth/user"] as const,
  },

  /** The member's AI answers left this hour (GET /api/ai/quota). */
  aiQuota: ["/api/ai/quota"] as const,

  /** The moderators' review queue (GET /api/review). */
  review: {
    all: ["/api/review"] as const,
  },

  /** The audit log of moderator and admin actions (GET /api/admin/audit, infinite pages). */
  audit: {
    pages: ["/api/admin/audit", "pages"] as const,
  },
  /** Suggested edits (GET /api/suggested-edits/{id}). */
  suggestedEdits: {
    all: ["/api/suggested-edits"] as const,
    detail: (id: number) => ["/api/suggested-edits", id] as const,
  },

  /** Direct messages (issue 15): conversations, their messages, the unread badge. */
  conversations: {
    all: ["/api/conversations"] as const,
    unreadCount: ["/api/conversations", "unread-count"] as const,
    pages: ["/api/conversations", "pages"] as const,
    messages: (id: number) => ["/api/conversations", id, "messages"] as const,
  },
  /** The members the viewer blocked (GET /api/users/me/blocks). */
  blocks: ["/api/users", "me", "blocks"] as const,
  notifications: {
    all: ["/api/notifications"] as const,
    list: ["/api/notifications"] as const,
    unreadCount: ["/api/notifications", "unread-count"] as const,
    /** The first `limit` notifications (the bell's dropdown). */
    latest: (limit: number) => ["/api/notifications", { limit }] as const,
    /** The pages of the notifications page's list, all or unread only (an infinite query). */
    pages: (filter: "all" | "unread") => ["/api/notifications", "pages", { filter }] as const,
  },

  questions: {
    all: ["/api/questions"] as const,
    list: (filters: QuestionListFilters = {}) => ["/api/questions", filters] as const,
    trending: ["/api/questions", "trending"] as const,
    detail: (id: number) => ["/api/questions", id] as const,
    saved: (id: number) => ["/api/questions", id, "saved"] as const,
    /**
     * The pages of a question list ("Load More Questions"), `limit` questions each (the size is
     * part of the key, so pages of another size are never mixed in). An infinite query with its
     * own queryFn (lib/api-client/questions.ts), so its key never doubles as a plain list's.
     */
    pages: (filters: QuestionListFilters, limit: number) => ["/api/questions", "pages", { ...filters, limit }] as const,
  },

  feed: {
    all: ["/api/feed"] as const,
    list: (params: KeyParams = {}) => ["/api/feed", params] as const,
    /** The pages of the following feed, `limit` questions each (an infinite query). */
    pages: (limit: number) => ["/api/feed", "pages", { limit }] as const,
  },

  similar: {
    /** Similar questions of a draft (GET /api/questions/similar?title=&description=). */
    draft: (title: string, description: string) => ["/api/questions/similar", { title, description }] as const,
  },

  coach: {
    /** The model's suggestions on a draft (POST /api/ai/coach). */
    draft: (title: string, description: string, locale: string) => ["/api/ai/coach", { title, description, locale }] as const,
  },

  search: {
    all: ["/api/search"] as const,
    results: (q: string) => ["/api/search", { q }] as const,
    /** The pages of a search's results (an infinite query). */
    pages: (q: string) => ["/api/search", "pages", { q }] as const,
  },

  tags: {
    all: ["/api/tags"] as const,
    list: ["/api/tags"] as const,
    byName: (name: string) => ["/api/tags", "by-name", name] as const,
    questions: (id: number) => ["/api/tags", id, "questions"] as const,
    stats: (id: number) => ["/api/tags", id, "stats"] as const,
    isFollowing: (id: number) => ["/api/tags", id, "is-following"] as const,
    /** One page of tags matching a name search (GET /api/tags?search=&limit=), e.g. the tag picker's. */
    search: (params: { search?: string; limit?: number }) => ["/api/tags", params] as const,
    /** The pages of the tags directory under a search (an infinite query). */
    pages: (search = "") => ["/api/tags", "pages", { search }] as const,
    /** The pages of a tag page's questions in one order (an infinite query). */
    questionPages: (id: number, sort: TagQuestionSort = "newest") => ["/api/tags", id, "questions", "pages", { sort }] as const,
  },

  categories: {
    all: ["/api/categories"] as const,
    /** Every category with its counts and the viewer's follow state. */
    list: ["/api/categories"] as const,
    /** A category with its tags (GET /api/categories/{id}). */
    detail: (id: number) => ["/api/categories", id] as const,
    /** The pages of a category page's newest questions (an infinite query). */
    questionPages: (id: number) => ["/api/categories", id, "questions", "pages"] as const,
  },

  groups: {
    all: ["/api/groups"] as const,
    list: (params: KeyParams = {}) => ["/api/groups", params] as const,
    detail: (id: number) => ["/api/groups", id] as const,
    isMember: (id: number) => ["/api/groups", id, "is-member"] as const,
    questions: (id: number, params: KeyParams = {}) => ["/api/groups", id, "questions", params] as const,
    /** The pages of the groups directory under a search and membership filter (an infinite query). */
    pages: (params: { search?: string; membership?: "joined" | "discover" }) => ["/api/groups", "pages", params] as const,
    /** The pages of a group's posts under a search (an infinite query). */
    questionPages: (id: number, search = "") => ["/api/groups", id, "questions", "pages", { search }] as const,
    /** A private group's pending join requests (its creator's view). */
    requests: (id: number) => ["/api/groups", id, "requests", { limit: 100 }] as const,
    /** The pending invitations of a group (its creator's view). */
    invitations: (id: number) => ["/api/groups", id, "invitations", { limit: 100 }] as const,
  },

  users: {
    all: ["/api/users"] as const,
    list: (tab: UserListTab, search = "") => ["/api/users", { tab, search }] as const,
    /** Prefix of everything about one member (invalidate it after a profile change). */
    detail: (id: string) => ["/api/users", id] as const,
    profile: (id: string) => ["/api/users", id, "profile"] as const,
    questions: (id: string) => ["/api/users", id, "questions"] as const,
    answers: (id: string) => ["/api/users", id, "answers"] as const,
    tags: (id: string) => ["/api/users", id, "tags"] as const,
    followedTags: (id: string) => ["/api/users", id, "followed-tags"] as const,
    savedQuestions: (id: string) => ["/api/users", id, "saved-questions"] as const,
    groups: (id: string) => ["/api/users", id, "groups"] as const,
    isFollowing: (id: string) => ["/api/users", id, "is-following"] as const,
    /** The pages of a profile's tab lists (infinite queries; "questions", "answers" or "saved-questions"). */
    questionPages: (id: string) => ["/api/users", id, "questions", "pages"] as const,
    answerPages: (id: string) => ["/api/users", id, "answers", "pages"] as const,
    savedPages: (id: string) => ["/api/users", id, "saved-questions", "pages"] as const,
    /** The pages of a profile's Followers and Following lists (members). */
    followerPages: (id: string) => ["/api/users", id, "followers", "pages"] as const,
    followingPages: (id: string) => ["/api/users", id, "following", "pages"] as const,
    /** The pages of a profile's Reputation tab (the ledger's events). */
    reputationPages: (id: string) => ["/api/users", id, "reputation", "pages"] as const,
    /** The pages of the members directory under a tab and search (an infinite query). */
    directoryPages: (tab: UserListTab, search = "") => ["/api/users", "pages", { tab, search }] as const,
    /** The signed-in member's preferences (theme, language, questions per page). */
    preferences: ["/api/users", "settings", "preferences"] as const,
  },
};

/**
 * The URL a key reads: string and number parts joined by "/" (every part after
 * the first URL-encoded), plain-object parts merged into the query string.
 */
export function urlFromQueryKey(queryKey: readonly unknown[]): string {
  const segments: string[] = [];
  const params = new URLSearchParams();
  queryKey.forEach((part, index) => {
    if (typeof part === "string" || typeof part === "number") {
      segments.push(index === 0 ? String(part) : encodeURIComponent(String(part)));
    } else if (part && typeof part === "object" && !Array.isArray(part)) {
      for (const [name, value] of Object.entries(part as KeyParams)) {
        if (value !== undefined && value !== null && value !== "") params.append(name, String(value));
      }
    } else if (part !== undefined && part !== null) {
      throw new Error(`Unsupported query key part: ${JSON.stringify(part)}`);
    }
  });
  const search = params.toString();
  return segments.join("/") + (search ? `?${search}` : "");
}
