import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { signIn } from "next-auth/react";

import { AuthPanel, authNavigation } from "@/components/auth/auth-panel";

jest.mock("next-auth/react", () => ({ signIn: jest.fn() }));
const mockedSignIn = signIn as jest.MockedFunction<typeof signIn>;

let go: jest.SpyInstance;
beforeEach(() => {
  mockedSignIn.mockReset();
  go = jest.spyOn(authNavigation, "go").mockImplementation(() => {});
  global.fetch = jest.fn();
});
afterEach(() => go.mockRestore());

const mockFetch = () => global.fetch as jest.Mock;
// jsdom has no Response; the fetcher reads only these members.
const jsonResponse = (status: number, body: unknown) => ({
  ok: status >= 200 && status < 300,
  status,
  statusText: "",
  text: async () => JSON.stringify(body),
});

function renderPanel(props: Partial<React.ComponentProps<typeof AuthPanel>> = {}) {
  return render(<AuthPanel initialMode="signin" callbackUrl="/questions/3" providers={[]} {...props} />);
}

describe("AuthPanel: sign in", () => {
  it("labels every field and sets autocomplete", () => {
    renderPanel();
    expect(screen.getByRole("tab", { name: "Sign in", selected: true })).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveAttribute("autocomplete", "email");
    expect(screen.getByLabelText("Password")).toHaveAttribute("autocomplete", "current-password");
    expect(screen.queryByRole("button", { name: /Continue with/ })).not.toBeInTheDocument();
  });

  it("shows the schema's messages inline without calling the server", async () => {
    const user = userEvent.setup();
    renderPanel();
    await user.type(screen.getByLabelText("Email"), "nope");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("Please enter a valid email address")).toBeInTheDocument();
    expect(screen.getByText("Please enter your password")).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveAttribute("aria-invalid", "true");
    expect(mockedSignIn).not.toHaveBeenCalled();
  });

  it("signs in with normalized credentials and navigates to the callback", async () => {
    const user = userEvent.setup();
    mockedSignIn.mockResolvedValue({ ok: true, error: null, status: 200, url: "http://localhost/questions/3" } as never);
    renderPanel();
    await user.type(screen.getByLabelText("Email"), " Ada@Example.com ");
    await user.type(screen.getByLabelText("Password"), "open sesame");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(go).toHaveBeenCalledWith("/questions/3"));
    expect(mockedSignIn).toHaveBeenCalledWith("credentials", expect.objectContaining({ email: "ada@example.com", password: "open sesame", redirect: false }));
    expect(screen.getByRole("button", { name: /Signing in\.\.\./ })).toBeDisabled();
  });

  it("says 'Invalid email or password.' for wrong credentials", async () => {
    const user = userEvent.setup();
    mockedSignIn.mockResolvedValue({ ok: false, error: "CredentialsSignin", status: 401, url: null } as never);
    renderPanel();
    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "wrong");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Invalid email or password.");
    expect(screen.getByRole("button", { name: "Sign in" })).toBeEnabled();
    expect(go).not.toHaveBeenCalled();
  });

  it("shows the rate-limit message and a network failure", async () => {
    const user = userEvent.setup();
    mockedSignIn.mockResolvedValueOnce({ ok: false, error: "Too many sign-in attempts. Please wait a minute and try again.", status: 429, url: null } as never);
    mockedSignIn.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    renderPanel();
    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "x");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Too many sign-in attempts. Please wait a minute and try again.");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("Could not reach Agora"));
  });

  it("never shows an unknown ?error= code verbatim", () => {
    renderPanel({ initialError: "Signing in failed. Please try again." });
    expect(screen.getByRole("alert")).toHaveTextContent("Signing in failed. Please try again.");
  });

  it("offers only the configured OAuth providers", async () => {
    const user = userEvent.setup();
    mockedSignIn.mockResolvedValue(undefined);
    renderPanel({ providers: [{ id: "github", name: "GitHub" }, { id: "oidc", name: "Acme SSO" }] });
    expect(screen.getByRole("button", { name: "Continue with GitHub" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Continue with Google" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Continue with Acme SSO" }));
    expect(mockedSignIn).toHaveBeenCalledWith("oidc", { callbackUrl: "/questions/3" });
  });
});

describe("AuthPanel: create account", () => {
  it("opens on the Create account tab with ?mode=signup", () => {
    renderPanel({ initialMode: "signup" });
    expect(screen.getByRole("tab", { name: "Create account", selected: true })).toBeInTheDocument();
    expect(screen.getByLabelText(/First name/)).toHaveAttribute("autocomplete", "given-name");
    expect(screen.getByLabelText(/Last name/)).toHaveAttribute("autocomplete", "family-name");
    expect(screen.getByLabelText("Password")).toHaveAttribute("autocomplete", "new-password");
  });

  it("refuses a short password with the exact message", async () => {
    const user = userEvent.setup();
    renderPanel({ initialMode: "signup" });
    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "short");
    await user.click(screen.getByRole("button", { name: "Create account" }));
    expect(await screen.findByText("Password must be at least 8 characters long.")).toBeInTheDocument();
    expect(mockFetch()).not.toHaveBeenCalled();
  });

  it("posts /api/register and navigates to the callback", async () => {
    const user = userEvent.setup();
    mockFetch().mockResolvedValue(jsonResponse(201, { id: "u1" }));
    renderPanel({ initialMode: "signup" });
    await user.type(screen.getByLabelText(/First name/), "Ada");
    await user.type(screen.getByLabelText("Email"), "ADA@example.com");
    await user.type(screen.getByLabelText("Password"), "correct horse");
    await user.click(screen.getByRole("button", { name: "Create account" }));
    await waitFor(() => expect(go).toHaveBeenCalledWith("/questions/3"));
    const [url, init] = mockFetch().mock.calls[0]!;
    expect(url).toBe("/api/register");
    expect(init.method).toBe("POST");
    expect(JSON.parse(init.body)).toEqual({ email: "ada@example.com", password: "correct horse", firstName: "Ada" });
    expect(screen.getByRole("button", { name: /Creating account\.\.\./ })).toBeDisabled();
  });

  it("shows the server's 409 message", async () => {
    const user = userEvent.setup();
    mockFetch().mockResolvedValue(jsonResponse(409, { message: "An account with this email already exists", code: "conflict" }));
    renderPanel({ initialMode: "signup" });
    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "correct horse");
    await user.click(screen.getByRole("button", { name: "Create account" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("An account with this email already exists");
    expect(go).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Create account" })).toBeEnabled();
  });

  it("keeps the typed e-mail when switching tabs", async () => {
    const user = userEvent.setup();
    renderPanel();
    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    await user.click(screen.getByRole("tab", { name: "Create account" }));
    expect(screen.getByLabelText("Email")).toHaveValue("ada@example.com");
    expect(window.location.search).toContain("mode=signup");
  });
});
