import { render, screen } from "@testing-library/react";

import NotFound from "@/app/not-found";

describe("404 screen", () => {
  it("reads '404 Page Not Found' and 'Did you forget to add the page to the router?' with a way home", () => {
    render(<NotFound />);
    expect(screen.getByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeInTheDocument();
    expect(screen.getByText("Did you forget to add the page to the router?")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Back to home/ })).toHaveAttribute("href", "/");
    expect(screen.getByRole("main")).toBeInTheDocument();
  });
});
