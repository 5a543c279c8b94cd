import { testIntl } from "@/tests/support/intl";
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";

import { Providers } from "@/components/providers";
import { ApiError } from "@/lib/api-client/fetcher";
import { toastMutationError, toastSuccess } from "@/lib/api-client/toast";

// next-themes reads the system preference.
beforeAll(() => {
  Object.defineProperty(window, "matchMedia", {
    configurable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
});

let consoleError: jest.SpyInstance;
beforeEach(() => {
  // jsdom cannot navigate, so the 401 redirect's attempt is reported on console.error;
  // next-themes' inline script warns when rendered without a server render first.
  const original = console.error;
  consoleError = jest.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    const text = String(args[0]);
    if (text.includes("Not implemented: navigation") || text.includes("Encountered a script tag")) return;
    original(...args);
  });
});

afterEach(() => {
  // Sonner keeps its toasts in a module-level store shared by every render.
  act(() => {
    toast.dismiss();
  });
  consoleError.mockRestore();
});

function SaveButton({ error }: { error: Error }) {
  const mutation = useMutation({
    mutationFn: () => Promise.reject(error),
    onError: (err) => toastMutationError(err, "Error", "Failed to save question. Please try again."),
    onSuccess: () => toastSuccess("Question saved", "Question added to your saved list"),
  });
  return <button onClick={() => mutation.mutate()}>Save</button>;
}

function DefaultsProbe() {
  const defaults = useQueryClient().getDefaultOptions().queries;
  return <output>{`staleTime=${defaults?.staleTime} retry=${String(defaults?.retry)}`}</output>;
}

describe("Providers", () => {
  it("provides the spec's query client, and a toaster reachable with F8 from the first toast", async () => {
    render(
      <Providers intl={testIntl()}>
        <DefaultsProbe />
      </Providers>,
    );

    expect(screen.getByText("staleTime=Infinity retry=false")).toBeInTheDocument();
    // sonner loads with the first toast (issue 18): until then the page carries no toaster.
    expect(screen.queryByRole("region", { name: /F8/ })).not.toBeInTheDocument();

    act(() => toastSuccess("Question saved", "Question added to your saved list"));

    const region = await screen.findByRole("region", { name: /F8/ });
    expect(await screen.findByText("Question added to your saved list")).toBeInTheDocument();
    expect(region).toContainElement(screen.getByText("Question saved"));
  });

  it("shows only the Unauthorized toast when a mutation answers 401", async () => {
    const user = userEvent.setup();
    render(
      <Providers intl={testIntl()}>
        <SaveButton error={new ApiError(401, "Unauthorized", JSON.stringify({ message: "Unauthorized" }))} />
      </Providers>,
    );

    await user.click(screen.getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Unauthorized")).toBeInTheDocument();
    expect(screen.getByText("You are logged out. Logging in again...")).toBeInTheDocument();
    expect(screen.queryByText("Failed to save question. Please try again.")).not.toBeInTheDocument();
    // Let the 500 ms redirect run inside the test.
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
  });

  it("shows the mutation's own error toast for other failures", async () => {
    const user = userEvent.setup();
    render(
      <Providers intl={testIntl()}>
        <SaveButton error={new ApiError(500, "Internal Server Error", "")} />
      </Providers>,
    );

    await user.click(screen.getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Failed to save question. Please try again.")).toBeInTheDocument();
    expect(screen.getByText("Error")).toBeInTheDocument();
    expect(screen.queryByText("Unauthorized")).not.toBeInTheDocument();
  });
});
