/** @jest-environment node */
import { questionCreateSchema, questionListQuerySchema, questionUpdateSchema, searchParamsOf, tagQuestionListQuerySchema } from "@/lib/validation/questions";
import { searchQuerySchema } from "@/lib/validation/search";
import { tagCreateSchema, tagListQuerySchema } from "@/lib/validation/tags";

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe("questionCreateSchema", () => {
  it("trims the title, dedupes tag ids, defaults description and group, and drops unknown fields", () => {
    const result = questionCreateSchema.safeParse({ title: "  How do I centre a div?  ", tagIds: [3, 1, 3], viewCount: 9, authorId: "x" });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({ title: "How do I centre a div?", description: "", tagIds: [3, 1], groupId: null });
  });

  it("keeps the Markdown of the description, trimming only blank lines around it", () => {
    const result = questionCreateSchema.parse({ title: "A fine title here", tagIds: [1], description: "\n\n    indented code\n\ntext  \n\n", groupId: 4 });
    expect(result.description).toBe("    indented code\n\ntext");
    expect(result.groupId).toBe(4);
  });

  it.each([
    [{ title: "Too short", tagIds: [1] }, "Title must be at least 10 characters"],
    [{ tagIds: [1] }, "Title must be at least 10 characters"],
    [{ title: "A fine title here", tagIds: [] }, "Please select at least one tag"],
    [{ title: "A fine title here", tagIds: [0] }, "Please select at least one tag"],
    [{ title: "A fine title here", tagIds: [1.5] }, "Please select at least one tag"],
    [{ title: "A fine title here", tagIds: "1" }, "Please select at least one tag"],
    [{ title: "A fine title here", tagIds: [1, 2, 3, 4, 5, 6] }, "Please select at most 5 tags"],
    [{ title: "A fine title here", tagIds: [1], description: 5 }, "Description must be text"],
    [{ title: "A fine title here", tagIds: [1], groupId: -2 }, "Group must be a group id or null"],
    [null, "Request body must be a JSON object"],
    ["text", "Request body must be a JSON object"],
  ])("refuses %j with %s", (input, message) => {
    expect(firstMessage(questionCreateSchema.safeParse(input))).toBe(message);
  });

  it("refuses a title over 200 characters and a description over 20,000", () => {
    expect(firstMessage(questionCreateSchema.safeParse({ title: "x".repeat(201), tagIds: [1] }))).toBe("Title must not exceed 200 characters");
    expect(firstMessage(questionCreateSchema.safeParse({ title: "A fine title here", tagIds: [1], description: "d".repeat(20_001) }))).toBe(
      "Description must not exceed 20,000 characters",
    );
    expect(questionCreateSchema.safeParse({ title: "A fine title here", tagIds: [1], description: "d".repeat(20_000) }).success).toBe(true);
  });

  it("accepts exactly 10 and 200 characters", () => {
    expect(questionCreateSchema.safeParse({ title: "x".repeat(10), tagIds: [1] }).success).toBe(true);
    expect(questionCreateSchema.safeParse({ title: "x".repeat(200), tagIds: [1] }).success).toBe(true);
  });
});

describe("questionUpdateSchema", () => {
  it("takes title, description, tags and an edit summary only", () => {
    expect(questionUpdateSchema.parse({ title: "An edited title", tagIds: [2], groupId: 9, description: null })).toEqual({
      title: "An edited title",
      description: "",
      tagIds: [2],
      summary: null,
    });
    expect(questionUpdateSchema.parse({ title: "An edited title", tagIds: [2], summary: "  fixed a typo " }).summary).toBe("fixed a typo");
  });

  it("refuses an edit summary over 200 characters", () => {
    const result = questionUpdateSchema.safeParse({ title: "An edited title", tagIds: [2], summary: "x".repeat(201) });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Edit summary must not exceed 200 characters");
  });
});

describe("list query schemas", () => {
  it("defaults and caps the paging, and reads the filters", () => {
    expect(questionListQuerySchema.parse(searchParamsOf("http://x/api/questions"))).toEqual({ sort: "newest", limit: 20 });
    expect(questionListQuerySchema.parse(searchParamsOf("http://x/?sort=views&tag=%20React%20&answers=all&limit=500&cursor=abc"))).toEqual({
      sort: "views",
      tag: "react",
      limit: 100,
      cursor: "abc",
    });
    expect(tagQuestionListQuerySchema.parse({ sort: "active" }).sort).toBe("active");
  });

  it.each([
    [{ sort: "hot" }, "sort must be newest, activity, votes or views"],
    [{ answers: "some" }, "answers must be answered, unanswered or notAccepted"],
    [{ limit: "0" }, "limit must be a whole number of at least 1"],
    [{ limit: "ten" }, "limit must be a whole number of at least 1"],
  ])("refuses %j", (input, message) => {
    expect(firstMessage(questionListQuerySchema.safeParse(input))).toBe(message);
  });
});

describe("tagCreateSchema", () => {
  it.each([
    ["  React  ", "react"],
    ["C++", "c++"],
    ["C#", "c#"],
    ["Node.js", "node.js"],
    ["react-native", "react-native"],
    ["x".repeat(50), "x".repeat(50)],
  ])("accepts %s as %s", (name, expected) => {
    expect(tagCreateSchema.parse({ name, other: 1 })).toEqual({ name: expected });
  });

  it.each([
    ["", "Please enter a tag name"],
    ["   ", "Please enter a tag name"],
    [undefined, "Please enter a tag name"],
    ["x".repeat(51), "Tag name must be at most 50 characters"],
    ["two words", "Tag names may contain only letters, digits and + # . - and must start with a letter or digit"],
    [".net", "Tag names may contain only letters, digits and + # . - and must start with a letter or digit"],
    ["<b>", "Tag names may contain only letters, digits and + # . - and must start with a letter or digit"],
  ])("refuses %j with %s", (name, message) => {
    expect(firstMessage(tagCreateSchema.safeParse({ name }))).toBe(message);
  });

  it("reads the tag list's search", () => {
    expect(tagListQuerySchema.parse({ search: " ReAct " })).toEqual({ search: "react", limit: 20 });
    expect(tagListQuerySchema.parse({ search: "" })).toEqual({ limit: 20 });
  });
});

describe("searchQuerySchema", () => {
  it("trims the search term", () => {
    expect(searchQuerySchema.parse({ q: "  running shoes " })).toEqual({ q: "running shoes", limit: 20 });
  });

  it.each([
    ["no q", {}, "Please enter a search term"],
    ["an empty q", { q: "" }, "Please enter a search term"],
    ["a blank q", { q: "   " }, "Please enter a search term"],
    ["a q of 201 characters", { q: "q".repeat(201) }, "Search terms must be at most 200 characters"],
  ])("refuses %s", (_label, input, message) => {
    expect(firstMessage(searchQuerySchema.safeParse(input))).toBe(message);
  });
});
