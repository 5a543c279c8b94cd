/**
 * @jest-environment node
 */
import {
  ApiError,
  apiJson,
  apiRequest,
  errorMessage,
  getJson,
  isUnauthorizedError,
} from "@/lib/api-client/fetcher";

const fetchMock = jest.fn<Promise<Response>, [RequestInfo | URL, RequestInit?]>();

beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
});

function jsonResponse(status: number, body: unknown, statusText = "") {
  return new Response(JSON.stringify(body), { status, statusText, headers: { "Content-Type": "application/json" } });
}

describe("apiRequest", () => {
  it("sends a body as JSON with a JSON content type and the cookies", async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, { id: 7 }));

    const res = await apiRequest("POST", "/api/questions", { title: "How do I test?", tagIds: [1] });

    expect(res.status).toBe(201);
    expect(fetchMock).toHaveBeenCalledWith("/api/questions", {
      method: "POST",
      credentials: "include",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ title: "How do I test?", tagIds: [1] }),
    });
  });

  it("sends no content type and no body when there is no body", async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));

    await apiRequest("DELETE", "/api/questions/3");

    expect(fetchMock).toHaveBeenCalledWith("/api/questions/3", { method: "DELETE", credentials: "include" });
    const init = fetchMock.mock.calls[0][1]!;
    expect(init.headers).toBeUndefined();
    expect(init.body).toBeUndefined();
  });

  it("sends FormData as multipart, leaving the content type to the browser", async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, { url: "/uploads/a.png" }));
    const form = new FormData();
    form.append("image", new Blob(["png"], { type: "image/png" }), "a.png");

    await apiRequest("POST", "/api/upload/image", form);

    const init = fetchMock.mock.calls[0][1]!;
    expect(init.body).toBe(form);
    expect(init.headers).toBeUndefined();
    expect(init.credentials).toBe("include");
  });

  it("throws ApiError '<status>: <response text>' for a non-OK answer, exposing status and parsed body", async () => {
    const body = { message: "Title must be at least 10 characters", code: "bad_request", issues: [{ path: "title", message: "Title must be at least 10 characters" }] };
    fetchMock.mockResolvedValue(jsonResponse(400, body, "Bad Request"));

    const error = await apiRequest("POST", "/api/questions", { title: "short" }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.message).toBe(`400: ${JSON.stringify(body)}`);
    expect(apiError.status).toBe(400);
    expect(apiError.body).toEqual(body);
    expect(apiError.code).toBe("bad_request");
    expect(apiError.issues).toEqual(body.issues);
    expect(apiError.serverMessage).toBe("Title must be at least 10 characters");
  });

  it("uses the status text when the response body is empty", async () => {
    fetchMock.mockResolvedValue(new Response("", { status: 404, statusText: "Not Found" }));

    await expect(apiRequest("GET", "/api/questions/999")).rejects.toThrow(new Error("404: Not Found"));
  });

  it("keeps a plain-text body as the message and a null parsed body", async () => {
    fetchMock.mockResolvedValue(new Response("Bad Gateway from proxy", { status: 502, statusText: "Bad Gateway" }));

    const error = (await apiRequest("GET", "/api/tags").catch((e: unknown) => e)) as ApiError;

    expect(error.message).toBe("502: Bad Gateway from proxy");
    expect(error.body).toBeNull();
    expect(error.serverMessage).toBeUndefined();
  });
});

describe("apiJson", () => {
  it("returns the parsed JSON of an OK answer", async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { content: "An answer" }));

    await expect(apiJson("POST", "/api/questions/1/generate-preview", { customPrompt: "Be brief" })).resolves.toEqual({
      content: "An answer",
    });
  });

  it("returns null for 204 No Content", async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));

    await expect(apiJson("DELETE", "/api/answers/4")).resolves.toBeNull();
  });
});

describe("getJson", () => {
  it("GETs with the cookies and returns parsed JSON", async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, [{ id: 1 }]));

    await expect(getJson("/api/questions/trending")).resolves.toEqual([{ id: 1 }]);
    expect(fetchMock).toHaveBeenCalledWith("/api/questions/trending", { credentials: "include", signal: undefined });
  });

  it("answers null for a 401 in returnNull mode", async () => {
    fetchMock.mockResolvedValue(jsonResponse(401, { message: "Unauthorized", code: "unauthorized" }, "Unauthorized"));

    await expect(getJson("/api/auth/user", { on401: "returnNull" })).resolves.toBeNull();
  });

  it("throws an unauthorized ApiError for a 401 in throw mode (the default)", async () => {
    fetchMock.mockResolvedValue(jsonResponse(401, { message: "Unauthorized", code: "unauthorized" }, "Unauthorized"));

    const error = await getJson("/api/notifications").catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(isUnauthorizedError(error)).toBe(true);
  });

  it("still throws other errors in returnNull mode", async () => {
    fetchMock.mockResolvedValue(jsonResponse(500, { message: "Something went wrong. Please try again." }));

    await expect(getJson("/api/auth/user", { on401: "returnNull" })).rejects.toBeInstanceOf(ApiError);
  });
});

describe("isUnauthorizedError", () => {
  it.each([
    [new Error("401: Unauthorized"), true],
    [new ApiError(401, "Unauthorized", JSON.stringify({ message: "Unauthorized" })), true],
    [new ApiError(401, "Unauthorized", ""), true],
    [new Error("401: Invalid credentials"), false],
    [new Error("403: Unauthorized"), false],
    [new Error("Unauthorized 401:"), false],
    ["401: Unauthorized", false],
    [null, false],
  ])("%p -> %p", (error, expected) => {
    expect(isUnauthorizedError(error)).toBe(expected);
  });
});

describe("errorMessage", () => {
  it("returns the server's JSON message", () => {
    const error = new ApiError(409, "Conflict", JSON.stringify({ message: "You are already a member of this group", code: "conflict" }));

    expect(errorMessage(error, "Failed to join group")).toBe("You are already a member of this group");
  });

  it.each([
    ["a body without JSON", new ApiError(500, "Internal Server Error", "oops")],
    ["an empty body", new ApiError(502, "Bad Gateway", "")],
    ["a JSON body without a message", new ApiError(400, "Bad Request", JSON.stringify({ code: "bad_request" }))],
    ["a network failure", new TypeError("Failed to fetch")],
    ["a non-error", "nope"],
  ])("falls back for %s", (_label, error) => {
    expect(errorMessage(error, "Failed to create group")).toBe("Failed to create group");
  });
});
