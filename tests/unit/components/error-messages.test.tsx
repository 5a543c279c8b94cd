// Errors in the reader's language (issue 15): form field errors (zod's messages, the server's
// refusals) and toasts of a failed request show errors.<key> of the error catalogue.
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider } from "@tanstack/react-query";
import { toast } from "sonner";
import type { ReactElement, ReactNode } from "react";

import { AnswerForm } from "@/components/answer/answer-form";
import { FieldError } from "@/components/question/question-form-fields";
import { FormMessage } from "@/components/ui/form-message";
import { ApiError, errorMessage } from "@/lib/api-client/fetcher";
import { makeQueryClient } from "@/lib/api-client/query-client";
import { toastError } from "@/lib/api-client/toast";
import type { Locale } from "@/lib/i18n/locales";
import { IntlProvider } from "@/tests/support/intl";

import { jsonResponse, mockFetch } from "./answer-fixtures";

jest.mock("sonner", () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

beforeEach(() => jest.clearAllMocks());
afterEach(() => document.documentElement.removeAttribute("lang"));

const inLanguage = (locale: Locale, ui: ReactNode) => render(<IntlProvider locale={locale}>{ui}</IntlProvider>);

describe("a form field's error", () => {
  it("shows a zod message in German and in Spanish, and the English message unchanged in English", async () => {
    const { unmount } = inLanguage("de", <FieldError id="title-error" message="Title must be at least 10 characters" />);
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("Der Titel muss mindestens 10 Zeichen lang sein"));
    unmount();
    inLanguage("es", <FormMessage message="Please select at most 5 tags" />);
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("Selecciona como máximo 5 etiquetas"));
  });

  it("formats a number in the reader's language", async () => {
    inLanguage("de", <FormMessage message="Answer must be at most 30,000 characters" />);
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("Die Antwort darf höchstens 30.000 Zeichen lang sein"));
  });

  it("keeps English exactly, and shows a message the catalogue does not know as it is", () => {
    render(<FormMessage message="Answer must be at most 30,000 characters" />);
    expect(screen.getByRole("alert")).toHaveTextContent(/^Answer must be at most 30,000 characters$/);
    render(<FormMessage message="A message nobody catalogued" id="other" />);
    expect(screen.getAllByRole("alert")[1]).toHaveTextContent("A message nobody catalogued");
  });

  it("uses the key the server sent with the message", async () => {
    inLanguage("fr", <FormMessage message="Please select at most 5 tags" errorKey={{ key: "tooManyTags", params: { max: 3 } }} />);
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("Veuillez sélectionner au plus 3 tags"));
  });

  it("the answer form shows its validation error in German", async () => {
    mockFetch(() => jsonResponse({}));
    const queryClient = makeQueryClient();
    const { container } = inLanguage(
      "de",
      <QueryClientProvider client={queryClient}>
        <AnswerForm questionId={1} />
      </QueryClientProvider>,
    );
    await userEvent.type(screen.getByRole("textbox"), "Too short");
    await userEvent.click(container.querySelector("button[type=submit]")!);
    expect(await screen.findByRole("alert")).toHaveTextContent("Die Antwort muss mindestens 20 Zeichen lang sein");
  });
});

describe("a failed request's toast", () => {
  const failure = new ApiError(429, "Too Many Requests", JSON.stringify({ message: "You can vote at most 40 times a day. Please try again tomorrow.", code: "rate_limited", key: "votesPerDay", params: {} }));

  it("reads the server's key", () => {
    expect(failure.errorKey).toEqual({ key: "votesPerDay", params: {} });
    expect(failure.serverMessage).toBe("You can vote at most 40 times a day. Please try again tomorrow.");
  });

  it("shows the server's message in the page's language", async () => {
    document.documentElement.lang = "es";
    toastError("Error", errorMessage(failure, "Failed to vote. Please try again."));
    await waitFor(() => expect(toast.error).toHaveBeenCalled()); // sonner loads with the first toast
    const [, options] = (toast.error as jest.Mock).mock.calls[0] as [ReactNode, { description: ReactElement }];
    inLanguage("es", options.description);
    await waitFor(() => expect(document.body).toHaveTextContent("Puedes votar como máximo 40 veces al día. Vuelve a intentarlo mañana."));
  });

  it("passes the English message through unchanged on an English page", async () => {
    toastError("Error", errorMessage(failure, "Failed to vote. Please try again."));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Error", expect.objectContaining({ description: "You can vote at most 40 times a day. Please try again tomorrow." })));
  });
});
