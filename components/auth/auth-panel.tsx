"use client";

import { useId, useState, type ChangeEventHandler, type FocusEventHandler, type ReactNode, type Ref } from "react";
import Link from "@/components/common/link";
import { useForm, type FieldPath, type FieldValues, type UseFormReturn } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { signIn } from "next-auth/react";
import { useTranslations } from "next-intl";
import { Eye, EyeOff, LoaderCircle, Sparkles, TriangleAlert } from "lucide-react";

import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Separator } from "@/components/ui/separator";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { ProviderIcon } from "@/components/auth/provider-icons";
import { PRODUCT_NAME } from "@/components/layout/logo";
import { signInErrorKey } from "@/components/auth/sign-in-errors";
import { ApiError, apiJson } from "@/lib/api-client/fetcher";
import {
  PASSWORD_MIN_LENGTH,
  registerSchema,
  signInSchema,
  type RegisterFormValues,
  type RegisterInput,
  type SignInFormValues,
  type SignInInput,
} from "@/lib/validation/auth";
import { ErrorText } from "@/lib/i18n/error-text";

export type AuthMode = "signin" | "signup";

export interface AuthPanelProps {
  /** Which tab opens first (`?mode=signup` selects "Create account"). */
  initialMode: AuthMode;
  /** A safe same-site path to go to afterwards (see lib/safe-callback.ts). */
  callbackUrl: string;
  /** The OAuth providers configured on this server. */
  providers: { id: string; name: string }[];
  /** A message for an earlier failed attempt (`?error=` from next-auth). */
  initialError?: string | null;
}

/**
 * After signing in: a full navigation, so every server component and cached query starts
 * from the new session (an object so tests can watch it; jsdom cannot navigate).
 */
export const authNavigation = {
  go(url: string) {
    window.location.assign(url);
  },
};

const goTo = (url: string) => authNavigation.go(url);

/** The sign-in and sign-up card of /login. */
export function AuthPanel({ initialMode, callbackUrl, providers, initialError = null }: AuthPanelProps) {
  const t = useTranslations("auth.panel");
  const te = useTranslations("auth.errors");
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [formError, setFormError] = useState<string | null>(initialError);
  // Set once signed in: the buttons stay busy while the browser navigates away.
  const [leaving, setLeaving] = useState(false);

  const signInForm = useForm<SignInFormValues, unknown, SignInInput>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: "", password: "" },
  });
  const signUpForm = useForm<RegisterFormValues, unknown, RegisterInput>({
    resolver: zodResolver(registerSchema),
    defaultValues: { firstName: "", lastName: "", email: "", password: "" },
  });

  function switchMode(next: string) {
    const target = next === "signup" ? "signup" : "signin";
    // Carry a typed e-mail across, so switching tabs never loses it.
    const from = target === "signup" ? signInForm.getValues("email") : signUpForm.getValues("email");
    if (from) {
      if (target === "signup" && !signUpForm.getValues("email")) signUpForm.setValue("email", from);
      if (target === "signin" && !signInForm.getValues("email")) signInForm.setValue("email", from);
    }
    setMode(target);
    setFormError(null);
    // Keep the address shareable without a navigation.
    const url = new URL(window.location.href);
    if (target === "signup") url.searchParams.set("mode", "signup");
    else url.searchParams.delete("mode");
    url.searchParams.delete("error");
    window.history.replaceState(window.history.state, "", url);
  }

  async function onSignIn(values: SignInInput) {
    setFormError(null);
    try {
      const result = await signIn("credentials", { email: values.email, password: values.password, redirect: false, callbackUrl });
      if (result?.ok && !result.error) {
        setLeaving(true);
        goTo(callbackUrl);
        return;
      }
      setFormError(result?.error ? te(signInErrorKey(result.error) ?? "invalidCredentials") : te("generic"));
    } catch {
      setFormError(te("network"));
    }
  }

  async function onSignUp(values: RegisterInput) {
    setFormError(null);
    try {
      await apiJson("POST", "/api/register", values);
      setLeaving(true);
      goTo(callbackUrl);
    } catch (error) {
      if (!(error instanceof ApiError)) {
        setFormError(te("network"));
        return;
      }
      // Field problems of a 400 go next to their fields; everything else (409, 429...) above the form.
      const fields = new Set<string>(["email", "password", "firstName", "lastName"]);
      let placed = false;
      if (error.status === 400) {
        for (const issue of error.issues) {
          if (!fields.has(issue.path)) continue;
          signUpForm.setError(issue.path as FieldPath<RegisterFormValues>, { message: issue.message });
          placed = true;
        }
      }
      if (!placed) setFormError(error.serverMessage ?? te("generic"));
    }
  }

  const signingIn = signInForm.formState.isSubmitting || (leaving && mode === "signin");
  const signingUp = signUpForm.formState.isSubmitting || (leaving && mode === "signup");

  return (
    <Card className="w-full max-w-md gap-5 shadow-lg">
      <CardHeader className="items-center text-center">
        <Link
          href="/"
          className="mx-auto mb-2 flex items-center gap-2 rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <span className="flex size-10 items-center justify-center rounded-xl bg-gradient-to-br from-[#6d5cff] to-[#a855f7] text-white shadow-sm">
            <Sparkles className="size-5" aria-hidden="true" />
          </span>
          <span className="text-2xl font-semibold tracking-tight">{PRODUCT_NAME}</span>
        </Link>
        <h1 data-slot="card-title" className="text-xl leading-none font-semibold">
          {mode === "signup" ? t("joinTitle") : t("welcomeBack")}
        </h1>
        <CardDescription>
          {mode === "signup" ? t("signUpDescription") : t("signInDescription")}
        </CardDescription>
      </CardHeader>

      <CardContent className="flex flex-col gap-5">
        <div aria-live="assertive">
          {formError ? (
            <Alert variant="destructive" className="border-destructive/40">
              <TriangleAlert aria-hidden="true" />
              <AlertDescription className="text-destructive"><ErrorText message={formError} /></AlertDescription>
            </Alert>
          ) : null}
        </div>

        <Tabs value={mode} onValueChange={switchMode} className="gap-5">
          <TabsList className="grid w-full grid-cols-2">
            <TabsTrigger value="signin">{t("signIn")}</TabsTrigger>
            <TabsTrigger value="signup">{t("createAccount")}</TabsTrigger>
          </TabsList>

          <TabsContent value="signin">
            <form noValidate onSubmit={signInForm.handleSubmit(onSignIn)} className="flex flex-col gap-4" aria-label={t("signIn")}>
              <Field form={signInForm} name="email" label={t("email")}>
                {(props) => (
                  <Input {...props} type="email" autoComplete="email" inputMode="email" placeholder={t("emailPlaceholder")} autoFocus={initialMode === "signin"} />
                )}
              </Field>
              <Field form={signInForm} name="password" label={t("password")}>
                {(props) => <PasswordInput {...props} autoComplete="current-password" />}
              </Field>
              <p className="-mt-2 text-right text-sm">
                <Link href="/forgot-password" className="font-medium text-primary underline-offset-4 hover:underline">
                  {t("forgotPassword")}
                </Link>
              </p>
              <Button type="submit" size="lg" className="mt-1 w-full" disabled={signingIn}>
                {signingIn ? (
                  <>
                    <LoaderCircle className="animate-spin" aria-hidden="true" />
                    {t("signingIn")}
                  </>
                ) : (
                  t("signIn")
                )}
              </Button>
            </form>
          </TabsContent>

          <TabsContent value="signup">
            <form noValidate onSubmit={signUpForm.handleSubmit(onSignUp)} className="flex flex-col gap-4" aria-label={t("createAccount")}>
              <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
                <Field form={signUpForm} name="firstName" label={t("firstName")} optional>
                  {(props) => <Input {...props} autoComplete="given-name" autoFocus={initialMode === "signup"} />}
                </Field>
                <Field form={signUpForm} name="lastName" label={t("lastName")} optional>
                  {(props) => <Input {...props} autoComplete="family-name" />}
                </Field>
              </div>
              <Field form={signUpForm} name="email" label={t("email")}>
                {(props) => <Input {...props} type="email" autoComplete="email" inputMode="email" placeholder={t("emailPlaceholder")} />}
              </Field>
              <Field form={signUpForm} name="password" label={t("password")} hint={t("passwordHint", { min: PASSWORD_MIN_LENGTH })}>
                {(props) => <PasswordInput {...props} autoComplete="new-password" />}
              </Field>
              <Button type="submit" size="lg" className="mt-1 w-full" disabled={signingUp}>
                {signingUp ? (
                  <>
                    <LoaderCircle className="animate-spin" aria-hidden="true" />
                    {t("creatingAccount")}
                  </>
                ) : (
                  t("createAccount")
                )}
              </Button>
            </form>
          </TabsContent>
        </Tabs>

        {providers.length > 0 ? (
          <>
            <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase">
              <Separator className="flex-1" />
              <span>{t("or")}</span>
              <Separator className="flex-1" />
            </div>
            <div className="flex flex-col gap-2">
              {providers.map((provider) => (
                <Button
                  key={provider.id}
                  type="button"
                  variant="outline"
                  size="lg"
                  className="w-full"
                  onClick={() => {
                    setFormError(null);
                    void signIn(provider.id, { callbackUrl }).catch(() => setFormError(te("network")));
                  }}
                >
                  <ProviderIcon id={provider.id} className="size-4" />
                  {t("continueWith", { provider: provider.name })}
                </Button>
              ))}
            </div>
          </>
        ) : null}
      </CardContent>

      <CardFooter className="justify-center text-center text-sm text-muted-foreground">
        {mode === "signup" ? (
          <p>
            {t("alreadyMember")}{" "}
            <button type="button" className="font-medium text-primary underline-offset-4 hover:underline" onClick={() => switchMode("signin")}>
              {t("signIn")}
            </button>
          </p>
        ) : (
          <p>
            {t("newToAgora")}{" "}
            <button type="button" className="font-medium text-primary underline-offset-4 hover:underline" onClick={() => switchMode("signup")}>
              {t("createAnAccount")}
            </button>
          </p>
        )}
      </CardFooter>
    </Card>
  );
}

interface FieldControlProps {
  id: string;
  name: string;
  "aria-invalid": boolean;
  "aria-describedby"?: string;
  onChange: ChangeEventHandler<HTMLInputElement>;
  onBlur: FocusEventHandler<HTMLInputElement>;
  ref: Ref<HTMLInputElement>;
  disabled?: boolean;
}

/** A labelled input with its hint and inline error, wired to react-hook-form. */
function Field<T extends FieldValues>({
  form,
  name,
  label,
  hint,
  optional = false,
  children,
}: {
  form: UseFormReturn<T, unknown, unknown>;
  name: FieldPath<T>;
  label: string;
  hint?: string;
  optional?: boolean;
  children: (props: FieldControlProps) => ReactNode;
}) {
  const t = useTranslations("auth.panel");
  const id = useId();
  const error = form.formState.errors[name]?.message as string | undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>
        {label}
        {optional ? <span className="font-normal text-muted-foreground">{t("optional")}</span> : null}
      </Label>
      {children({ id, ...form.register(name), "aria-invalid": Boolean(error), "aria-describedby": describedBy })}
      {error ? (
        <p id={errorId} className="text-sm text-destructive">
          <ErrorText message={error} />
        </p>
      ) : hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A password input with a show/hide toggle. */
function PasswordInput(props: FieldControlProps & { autoComplete: string }) {
  const t = useTranslations("auth.panel");
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input {...props} type={visible ? "text" : "password"} className="pr-10" />
      <Button
        type="button"
        variant="ghost"
        size="icon-sm"
        className="absolute top-1/2 right-1 -translate-y-1/2 text-muted-foreground"
        aria-label={visible ? t("hidePassword") : t("showPassword")}
        aria-pressed={visible}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
      </Button>
    </div>
  );
}
