import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";

import { VerifyEmailBanner } from "@/components/auth/verify-email-banner";
import { ForgotPasswordForm, ResetPasswordForm, VerifyEmailCard } from "@/components/auth/email-link-forms";
import { signInErrorMessage } from "@/components/auth/sign-in-errors";
import { OAUTH_ACCOUNT_EXISTS_MESSAGE } from "@/lib/validation/auth";

import { installDomShims, jsonResponse } from "../components/feed-fixtures";

jest.mock("sonner", () => ({ toast: { success: jest.fn(), error: jest.fn() } }));
const router = { refresh: jest.fn(), push: jest.fn() };
jest.mock("next/navigation", () => ({ useRouter: () => router, usePathname: () => "/", useSearchParams: () => new URLSearchParams() }));

beforeAll(installDomShims);

let sent: { url: string; body: unknown }[];
let answer: (url: string) => ReturnType<typeof jsonResponse>;
beforeEach(() => {
  sent = [];
  jest.mocked(toast.success).mockClear();
  jest.mocked(toast.error).mockClear();
  router.refresh.mockClear();
  answer = () => jsonResponse({ message: "Not found" }, 404);
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    sent.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    return answer(url);
  }) as unknown as typeof fetch;
});

describe("VerifyEmailBanner", () => {
  it("says why and resends with a toast", async () => {
    answer = () => jsonResponse(null, 202);
    render(<VerifyEmailBanner email="vera@example.com" />);
    const banner = screen.getByRole("region", { name: "E-mail verification" });
    expect(banner).toHaveTextContent("Please verify your e-mail address.");
    expect(banner).toHaveTextContent("vera@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Resend" }));
    expect(sent).toEqual([{ url: "/api/auth/resend-verification", body: undefined }]);
    expect(toast.success).toHaveBeenCalledWith("Verification e-mail sent", expect.objectContaining({ description: expect.stringContaining("vera@example.com") }));
  });

  it("shows the limit's message when resending too often", async () => {
    answer = () => jsonResponse({ message: "We sent several verification e-mails this hour.", code: "rate_limited" }, 429);
    render(<VerifyEmailBanner email="vera@example.com" />);
    await userEvent.click(screen.getByRole("button", { name: "Resend" }));
    expect(toast.error).toHaveBeenCalledWith("Could not send the e-mail", expect.objectContaining({ description: "We sent several verification e-mails this hour." }));
  });
});

describe("VerifyEmailCard", () => {
  it("changes nothing until its button is pressed, then verifies and refreshes the page", async () => {
    answer = () => jsonResponse({ emailVerified: true });
    render(<VerifyEmailCard token="tok" signedIn />);
    expect(sent).toEqual([]);
    await userEvent.click(screen.getByRole("button", { name: "Verify my e-mail address" }));
    expect(sent).toEqual([{ url: "/api/auth/verify-email", body: { token: "tok" } }]);
    expect(await screen.findByText("Your e-mail address is verified. Thank you!")).toBeInTheDocument();
    expect(router.refresh).toHaveBeenCalled();
    expect(screen.getByRole("link", { name: "Continue to Agora" })).toHaveAttribute("href", "/");
  });

  it("shows the server's message for a spent link, and explains a link without token", async () => {
    answer = () => jsonResponse({ message: "This verification link has expired or was already used." }, 400);
    const { unmount } = render(<VerifyEmailCard token="tok" signedIn={false} />);
    await userEvent.click(screen.getByRole("button", { name: "Verify my e-mail address" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("This verification link has expired or was already used.");
    unmount();
    render(<VerifyEmailCard token={null} signedIn={false} />);
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.getByText(/The link in this address is incomplete/)).toBeInTheDocument();
  });
});

describe("ForgotPasswordForm", () => {
  it("checks the address, then always says the same thing", async () => {
    answer = () => jsonResponse({ message: "If an account exists for that address, we sent a link to reset the password." }, 202);
    render(<ForgotPasswordForm />);
    await userEvent.type(screen.getByLabelText("Email"), "not an address");
    await userEvent.click(screen.getByRole("button", { name: "Send reset link" }));
    expect(screen.getByText("Please enter a valid email address")).toBeInTheDocument();
    expect(sent).toEqual([]);
    await userEvent.clear(screen.getByLabelText("Email"));
    await userEvent.type(screen.getByLabelText("Email"), "rita@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Send reset link" }));
    expect(sent).toEqual([{ url: "/api/auth/forgot-password", body: { email: "rita@example.com" } }]);
    expect(await screen.findByText(/If an account exists for that address, we sent a link to reset the password\./)).toBeInTheDocument();
  });
});

describe("ResetPasswordForm", () => {
  it("checks length and confirmation before sending, then sends the token with the new password", async () => {
    answer = () => jsonResponse({ message: "Your password has been reset. Sign in with the new password." });
    render(<ResetPasswordForm token="tok" />);
    const submit = screen.getByRole("button", { name: "Set new password" });
    await userEvent.type(screen.getByLabelText("New password"), "short");
    await userEvent.click(submit);
    expect(screen.getByText("Password must be at least 8 characters long.")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("New password"), " but now long");
    await userEvent.type(screen.getByLabelText("Confirm new password"), "something else");
    await userEvent.click(submit);
    expect(screen.getByText("The two passwords do not match.")).toBeInTheDocument();
    expect(sent).toEqual([]);
    await userEvent.clear(screen.getByLabelText("Confirm new password"));
    await userEvent.type(screen.getByLabelText("Confirm new password"), "short but now long");
    await userEvent.click(submit);
    expect(sent).toEqual([{ url: "/api/auth/reset-password", body: { token: "tok", newPassword: "short but now long" } }]);
    expect(await screen.findByText("Your password has been reset. Sign in with the new password.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/login");
  });
});

it("explains a refused OAuth sign-in on /login", () => {
  expect(signInErrorMessage("OAuthAccountNotVerified")).toBe(OAUTH_ACCOUNT_EXISTS_MESSAGE);
});
