import { render, screen } from "@testing-library/react";

import { SuspendedBanner } from "@/components/auth/suspended-banner";

describe("SuspendedBanner (issue 14)", () => {
  const until = new Date("2026-12-04T15:00:00Z");

  it("says until when, in UTC, what the member can still do, and the moderator's reason", () => {
    render(<SuspendedBanner until={until} reason="Posting the same link everywhere" />);
    const banner = screen.getByRole("region", { name: "Account suspended" });
    expect(banner).toHaveTextContent(
      "Your account is suspended until December 4, 2026, 15:00 UTC. You can read, but not post, vote or comment.",
    );
    expect(banner).toHaveTextContent("Reason: Posting the same link everywhere");
  });

  it("leaves the reason out when none was given", () => {
    render(<SuspendedBanner until={until} reason={null} />);
    expect(screen.getByRole("region", { name: "Account suspended" })).not.toHaveTextContent("Reason");
  });
});
