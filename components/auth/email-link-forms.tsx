"use client";

import { useId, useState, type FormEvent, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { CircleCheck, LoaderCircle, MailCheck, TriangleAlert } from "lucide-react";

import Link from "@/components/common/link";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { GENERIC_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE } from "@/components/auth/sign-in-errors";
import { requestPasswordReset, resetPasswordWithToken, verifyEmailToken } from "@/lib/api-client/auth";
import { ApiError } from "@/lib/api-client/fetcher";
import {
  EMAIL_MESSAGE,
  EMAIL_VERIFIED_MESSAGE,
  FORGOT_PASSWORD_SENT_MESSAGE,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_RESET_MESSAGE,
  PASSWORD_TOO_LONG_MESSAGE,
  PASSWORD_TOO_SHORT_MESSAGE,
} from "@/lib/validation/auth";
import { ErrorText } from "@/lib/i18n/error-text";

/*
 * The pages an e-mailed link opens (/verify-email, /reset-password) and the form that sends one
 * (/forgot-password). Opening a link changes nothing by itself: mail scanners and link
 * prefetchers fetch links without pressing buttons, so the token is spent only by the POST the
 * page's button sends.
 */

const messageOf = (error: unknown) =>
  error instanceof ApiError ? (error.serverMessage ?? GENERIC_ERROR_MESSAGE) : NETWORK_ERROR_MESSAGE;

function Frame({ title, description, children, footer }: { title: string; description: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="flex min-h-[calc(100dvh-14rem)] w-full items-center justify-center py-4 sm:py-10">
      <Card className="w-full max-w-md gap-5 shadow-lg">
        <CardHeader className="text-center">
          <h1 data-slot="card-title" className="text-xl leading-none font-semibold">
            {title}
          </h1>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">{children}</CardContent>
        {footer ? <CardFooter className="justify-center text-center text-sm text-muted-foreground">{footer}</CardFooter> : null}
      </Card>
    </div>
  );
}

function ErrorAlert({ message }: { message: string | null }) {
  return (
    <div aria-live="assertive">
      {message ? (
        <Alert variant="destructive" className="border-destructive/40">
          <TriangleAlert aria-hidden="true" />
          <AlertDescription className="text-destructive"><ErrorText message={message} /></AlertDescription>
        </Alert>
      ) : null}
    </div>
  );
}

function SuccessAlert({ message, icon = "check" }: { message: string; icon?: "check" | "mail" }) {
  return (
    <Alert role="status" className="border-emerald-300 text-emerald-900 dark:border-emerald-800 dark:text-emerald-100">
      {icon === "mail" ? <MailCheck aria-hidden="true" /> : <CircleCheck aria-hidden="true" />}
      <AlertDescription className="text-current">
        <ErrorText message={message} />
      </AlertDescription>
    </Alert>
  );
}

function Busy({ busy, idle, working }: { busy: boolean; idle: string; working: string }) {
  return busy ? (
    <>
      <LoaderCircle className="animate-spin" aria-hidden="true" />
      {working}
    </>
  ) : (
    idle
  );
}

const missingLink = (
  <p className="text-sm text-muted-foreground">
    This page opens from the link in an e-mail. The link in this address is incomplete: open the e-mail again and use its button or copy the whole link.
  </p>
);

/** /verify-email: one button that spends the link's token. */
export function VerifyEmailCard({ token, signedIn }: { token: string | null; signedIn: boolean }) {
  const router = useRouter();
  const [state, setState] = useState<"idle" | "busy" | "done">("idle");
  const [error, setError] = useState<string | null>(null);

  async function verify() {
    if (!token) return;
    setState("busy");
    setError(null);
    try {
      await verifyEmailToken(token);
      setState("done");
      router.refresh(); // the banner of the page goes
    } catch (e) {
      setError(messageOf(e));
      setState("idle");
    }
  }

  return (
    <Frame
      title="Verify your e-mail address"
      description="Confirm that this address is yours, so that Agora can send you notifications."
      footer={
        state === "done" ? (
          <Link href={signedIn ? "/" : "/login"} className="font-medium text-primary underline-offset-4 hover:underline">
            {signedIn ? "Continue to Agora" : "Sign in"}
          </Link>
        ) : null
      }
    >
      {!token ? (
        missingLink
      ) : state === "done" ? (
        <SuccessAlert message={EMAIL_VERIFIED_MESSAGE} />
      ) : (
        <>
          <ErrorAlert message={error} />
          <p className="text-sm text-muted-foreground">Only press the button if you created this Agora account.</p>
          <Button type="button" size="lg" className="w-full" onClick={verify} disabled={state === "busy"}>
            <Busy busy={state === "busy"} idle="Verify my e-mail address" working="Verifying..." />
          </Button>
        </>
      )}
    </Frame>
  );
}

/** /forgot-password: an address, then always the same answer. */
export function ForgotPasswordForm() {
  const id = useId();
  const [email, setEmail] = useState("");
  const [state, setState] = useState<"idle" | "busy" | "sent">("idle");
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const value = email.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) {
      setFieldError(EMAIL_MESSAGE);
      return;
    }
    setFieldError(null);
    setState("busy");
    try {
      await requestPasswordReset(value);
      setState("sent");
    } catch (e) {
      setError(messageOf(e));
      setState("idle");
    }
  }

  return (
    <Frame
      title="Forgot your password?"
      description="Enter the e-mail address of your account and we will send you a link to choose a new password."
      footer={
        <p>
          Remembered it?{" "}
          <Link href="/login" className="font-medium text-primary underline-offset-4 hover:underline">
            Sign in
          </Link>
        </p>
      }
    >
      {state === "sent" ? (
        <SuccessAlert icon="mail" message={`${FORGOT_PASSWORD_SENT_MESSAGE} The link works once, for 1 hour.`} />
      ) : (
        <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Forgot password">
          <ErrorAlert message={error} />
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-email`}>Email</Label>
            <Input
              id={`${id}-email`}
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder="you@example.com"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={Boolean(fieldError)}
              aria-describedby={fieldError ? `${id}-email-error` : undefined}
              autoFocus
            />
            {fieldError ? (
              <p id={`${id}-email-error`} className="text-sm text-destructive">
                {fieldError}
              </p>
            ) : null}
          </div>
          <Button type="submit" size="lg" className="w-full" disabled={state === "busy"}>
            <Busy busy={state === "busy"} idle="Send reset link" working="Sending..." />
          </Button>
        </form>
      )}
    </Frame>
  );
}

/** /reset-password: a new password and its confirmation, sent with the link's token. */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const id = useId();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [state, setState] = useState<"idle" | "busy" | "done">("idle");
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<{ field: "password" | "confirm"; message: string } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!token) return;
    setError(null);
    if (password.length < PASSWORD_MIN_LENGTH) return setFieldError({ field: "password", message: PASSWORD_TOO_SHORT_MESSAGE });
    if (password.length > PASSWORD_MAX_LENGTH) return setFieldError({ field: "password", message: PASSWORD_TOO_LONG_MESSAGE });
    if (password !== confirm) return setFieldError({ field: "confirm", message: "The two passwords do not match." });
    setFieldError(null);
    setState("busy");
    try {
      await resetPasswordWithToken(token, password);
      setState("done");
    } catch (e) {
      setError(messageOf(e));
      setState("idle");
    }
  }

  const errorFor = (field: "password" | "confirm") => (fieldError?.field === field ? fieldError.message : null);

  return (
    <Frame
      title="Choose a new password"
      description="Setting a new password signs you out on every device."
      footer={
        state === "done" ? (
          <Link href="/login" className="font-medium text-primary underline-offset-4 hover:underline">
            Sign in
          </Link>
        ) : (
          <Link href="/forgot-password" className="font-medium text-primary underline-offset-4 hover:underline">
            Request a new link
          </Link>
        )
      }
    >
      {!token ? (
        missingLink
      ) : state === "done" ? (
        <SuccessAlert message={PASSWORD_RESET_MESSAGE} />
      ) : (
        <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Reset password">
          <ErrorAlert message={error} />
          {(["password", "confirm"] as const).map((field) => {
            const fieldId = `${id}-${field}`;
            const message = errorFor(field);
            const hint = field === "password" ? `At least ${PASSWORD_MIN_LENGTH} characters.` : null;
            return (
              <div key={field} className="flex flex-col gap-2">
                <Label htmlFor={fieldId}>{field === "password" ? "New password" : "Confirm new password"}</Label>
                <Input
                  id={fieldId}
                  type="password"
                  autoComplete="new-password"
                  value={field === "password" ? password : confirm}
                  onChange={(e) => (field === "password" ? setPassword : setConfirm)(e.target.value)}
                  aria-invalid={Boolean(message)}
                  aria-describedby={message ? `${fieldId}-error` : hint ? `${fieldId}-hint` : undefined}
                />
                {message ? (
                  <p id={`${fieldId}-error`} className="text-sm text-destructive">
                    <ErrorText message={message} />
                  </p>
                ) : hint ? (
                  <p id={`${fieldId}-hint`} className="text-xs text-muted-foreground">
                    {hint}
                  </p>
                ) : null}
              </div>
            );
          })}
          <Button type="submit" size="lg" className="w-full" disabled={state === "busy"}>
            <Busy busy={state === "busy"} idle="Set new password" working="Saving..." />
          </Button>
        </form>
      )}
    </Frame>
  );
}
