import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { COPIED_FEEDBACK_MS, SHARE_TEXT_MAX_LENGTH, ShareMenu, shareText } from "@/components/question/share-menu";

import { dismissToasts, installDomShims, renderWithClient } from "./feed-fixtures";

beforeAll(installDomShims);
afterEach(dismissToasts);

const question = { id: 42, title: "Why does my effect run twice?" };

describe("shareText", () => {
  it("keeps a text of at most 200 characters as it is", () => {
    expect(shareText(question.title)).toBe(question.title);
    const exactly = "a".repeat(200);
    expect(shareText(exactly)).toBe(exactly);
  });

  it("cuts a longer text to 200 characters ending in an ellipsis", () => {
    const text = shareText("b".repeat(250));
    expect(SHARE_TEXT_MAX_LENGTH).toBe(200);
    expect(Array.from(text)).toHaveLength(200);
    expect(text.endsWith("…")).toBe(true);
    expect(text.startsWith("b".repeat(199))).toBe(true);
  });
});

describe("ShareMenu", () => {
  let writeText: jest.Mock;
  beforeEach(() => {
    writeText = jest.fn(async () => {});
    Object.defineProperty(navigator, "clipboard", { configurable: true, value: { writeText } });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it("offers Facebook and X with the question's address and the share text", async () => {
    renderWithClient(<ShareMenu question={question} />);
    await userEvent.click(screen.getByRole("button", { name: /^Share/ }));
    const facebook = await screen.findByRole("menuitem", { name: /Facebook/ });
    expect(facebook).toHaveAttribute("href", `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent("http://localhost/questions/42")}`);
    expect(facebook).toHaveAttribute("target", "_blank");
    const x = screen.getByRole("menuitem", { name: /Share on X/ });
    expect(x.getAttribute("href")).toContain(`text=${encodeURIComponent(question.title)}`);
    expect(x.getAttribute("href")).toContain(`url=${encodeURIComponent("http://localhost/questions/42")}`);
    // jsdom has no navigator.share, so the device share is not offered.
    expect(screen.queryByRole("menuitem", { name: /Share via device/ })).not.toBeInTheDocument();
  });

  it("offers the device share sheet when the browser has one", async () => {
    const share = jest.fn(async () => {});
    Object.defineProperty(navigator, "share", { configurable: true, value: share });
    try {
      renderWithClient(<ShareMenu question={{ id: 7, title: "c".repeat(230) }} />);
      await userEvent.click(screen.getByRole("button", { name: /^Share/ }));
      await userEvent.click(await screen.findByRole("menuitem", { name: /Share via device/ }));
      expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: "http://localhost/questions/7", text: `${"c".repeat(199)}…` }));
    } finally {
      delete (navigator as unknown as { share?: unknown }).share;
    }
  });

  it("copies the link, says 'Copied!' for 2 seconds and toasts 'Link copied'", async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    // user-event puts its own clipboard on navigator; this test reads what the menu writes.
    Object.defineProperty(navigator, "clipboard", { configurable: true, value: { writeText } });
    renderWithClient(<ShareMenu question={question} />);
    await user.click(screen.getByRole("button", { name: /^Share/ }));
    await user.click(await screen.findByRole("menuitem", { name: /Copy link/ }));

    expect(writeText).toHaveBeenCalledWith("http://localhost/questions/42");
    expect(await screen.findByRole("button", { name: /Copied!/ })).toBeInTheDocument();
    expect(await screen.findByText("Link copied", { selector: "[data-title]" })).toBeInTheDocument();

    act(() => {
      jest.advanceTimersByTime(COPIED_FEEDBACK_MS - 100);
    });
    expect(screen.getByRole("button", { name: /Copied!/ })).toBeInTheDocument();
    act(() => {
      jest.advanceTimersByTime(100);
    });
    expect(screen.queryByRole("button", { name: /Copied!/ })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: /^Share/ })).toBeInTheDocument();
  });

  it("toasts 'Failed to copy' when the clipboard refuses", async () => {
    writeText.mockRejectedValueOnce(new Error("denied"));
    renderWithClient(<ShareMenu question={question} />);
    await userEvent.click(screen.getByRole("button", { name: /^Share/ }));
    await userEvent.click(await screen.findByRole("menuitem", { name: /Copy link/ }));
    expect(await screen.findByText("Failed to copy")).toBeInTheDocument();
    expect(screen.getByText("Could not copy link to clipboard.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Copied!/ })).not.toBeInTheDocument();
  });
});
