"use client";

import { useId, useState, type FormEvent, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { CircleCheck, LoaderCircle, MailCheck, TriangleAlert } from "lucide-react";
import { useTranslations } from "next-intl";

import Link from "@/components/common/link";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { requestPasswordReset, resetPasswordWithToken, verifyEmailToken } from "@/lib/api-client/auth";
import { ApiError } from "@/lib/api-client/fetcher";
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from "@/lib/validation/auth";
import { ErrorText } from "@/lib/i18n/error-text";

/*
 * The pages an e-mailed link opens (/verify-email, /reset-password) and the form that sends one
 * (/forgot-password). Opening a link changes nothing by itself: mail scanners and link
 * prefetchers fetch links without pressing buttons, so the token is spent only by the POST the
 * page's button sends.
 */

/** The message of a failed request: the server's own, else a generic or a network one. */
function useMessageOf() {
  const t = useTranslations("auth.errors");
  return (error: unknown) => (error instanceof ApiError ? (error.serverMessage ?? t("generic")) : t("network"));
}

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

function MissingLink() {
  const t = useTranslations("auth.emailLinks");
  return <p className="text-sm text-muted-foreground">{t("missingLink")}</p>;
}

/** /verify-email: one button that spends the link's token. */
export function VerifyEmailCard({ token, signedIn }: { token: string | null; signedIn: boolean }) {
  const t = useTranslations("auth.emailLinks");
  const messageOf = useMessageOf();
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
      title={t("verifyTitle")}
      description={t("verifyDescription")}
      footer={
        state === "done" ? (
          <Link href={signedIn ? "/" : "/login"} className="font-medium text-primary underline-offset-4 hover:underline">
            {signedIn ? t("continue") : t("signIn")}
          </Link>
        ) : null
      }
    >
      {!token ? (
        <MissingLink />
      ) : state === "done" ? (
        <SuccessAlert message={t("verified")} />
      ) : (
        <>
          <ErrorAlert message={error} />
          <p className="text-sm text-muted-foreground">{t("verifyOnlyIfYours")}</p>
          <Button type="button" size="lg" className="w-full" onClick={verify} disabled={state === "busy"}>
            <Busy busy={state === "busy"} idle={t("verifyButton")} working={t("verifying")} />
          </Button>
        </>
      )}
    </Frame>
  );
}

/** /forgot-password: an address, then always the same answer. */
export function ForgotPasswordForm() {
  const t = useTranslations("auth.emailLinks");
  const messageOf = useMessageOf();
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
      setFieldError(t("invalidEmail"));
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
      title={t("forgotTitle")}
      description={t("forgotDescription")}
      footer={
        <p>
          {t("remembered")}{" "}
          <Link href="/login" className="font-medium text-primary underline-offset-4 hover:underline">
            {t("signIn")}
          </Link>
        </p>
      }
    >
      {state === "sent" ? (
        <SuccessAlert icon="mail" message={t("forgotSent")} />
      ) : (
        <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label={t("forgotFormLabel")}>
          <ErrorAlert message={error} />
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-email`}>{t("email")}</Label>
            <Input
              id={`${id}-email`}
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder={t("emailPlaceholder")}
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
            <Busy busy={state === "busy"} idle={t("sendLink")} working={t("sending")} />
          </Button>
        </form>
      )}
    </Frame>
  );
}

const PASSWORD_FIELDS = ["password", "confirm"] as const;

/** /reset-password: a new password and its confirmation, sent with the link's token. */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const t = useTranslations("auth.emailLinks");
  const messageOf = useMessageOf();
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
    if (password.length < PASSWORD_MIN_LENGTH) return setFieldError({ field: "password", message: t("passwordTooShort", { min: PASSWORD_MIN_LENGTH }) });
    if (password.length > PASSWORD_MAX_LENGTH) return setFieldError({ field: "password", message: t("passwordTooLong", { max: PASSWORD_MAX_LENGTH }) });
    if (password !== confirm) return setFieldError({ field: "confirm", message: t("passwordMismatch") });
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
      title={t("resetTitle")}
      description={t("resetDescription")}
      footer={
        state === "done" ? (
          <Link href="/login" className="font-medium text-primary underline-offset-4 hover:underline">
            {t("signIn")}
          </Link>
        ) : (
          <Link href="/forgot-password" className="font-medium text-primary underline-offset-4 hover:underline">
            {t("requestNewLink")}
          </Link>
        )
      }
    >
      {!token ? (
        <MissingLink />
      ) : state === "done" ? (
        <SuccessAlert message={t("passwordReset")} />
      ) : (
        <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label={t("resetFormLabel")}>
          <ErrorAlert message={error} />
          {PASSWORD_FIELDS.map((field) => {
            const fieldId = `${id}-${field}`;
            const message = errorFor(field);
            const hint = field === "password" ? t("passwordHint", { min: PASSWORD_MIN_LENGTH }) : null;
            return (
              <div key={field} className="flex flex-col gap-2">
                <Label htmlFor={fieldId}>{field === "password" ? t("newPassword") : t("confirmPassword")}</Label>
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
            <Busy busy={state === "busy"} idle={t("setPassword")} working={t("saving")} />
          </Button>
        </form>
      )}
    </Frame>
  );
}
