/** Building blocks shared by the account screens: card, fields, buttons. */
import { useId, useState, type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode } from "react";

export function AuthCard({ title, subtitle, children, wide = false }: { title: string; subtitle?: ReactNode; children: ReactNode; wide?: boolean }) {
  return (
    <section className="flex min-h-[calc(100dvh-4rem)] items-start justify-center bg-gradient-to-b from-brand-50 to-sand-100 px-4 py-10 sm:items-center dark:from-slate-950 dark:to-slate-900">
      <div className={`w-full ${wide ? "max-w-lg" : "max-w-md"} rounded-2xl border border-slate-200 bg-white p-6 shadow-xl sm:p-8 dark:border-slate-800 dark:bg-slate-900`}>
        <h1 className="text-2xl font-bold tracking-tight text-brand-900 dark:text-white">{title}</h1>
        {subtitle && <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{subtitle}</p>}
        <div className="mt-6">{children}</div>
      </div>
    </section>
  );
}

const inputClass =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 disabled:opacity-60 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100";

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hint?: ReactNode;
}

export function TextField({ label, hint, id, ...input }: FieldProps) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <div>
      <label htmlFor={fieldId} className="mb-1 block text-sm font-semibold text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <input id={fieldId} className={inputClass} aria-describedby={hint ? `${fieldId}-hint` : undefined} {...input} />
      {hint && (
        <p id={`${fieldId}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
    </div>
  );
}

/** A password input with its own show/hide toggle (or one controlled by the form via `shown`). */
export function PasswordField({ label, hint, shown, onToggle, showLabel = "Show password", hideLabel = "Hide password", id, dir, ...input }: FieldProps & { shown?: boolean; onToggle?: () => void; showLabel?: string; hideLabel?: string }) {
  const auto = useId();
  const fieldId = id ?? auto;
  const [ownShown, setOwnShown] = useState(false);
  const visible = shown ?? ownShown;
  const toggle = onToggle ?? (() => setOwnShown((v) => !v));
  return (
    <div>
      <label htmlFor={fieldId} className="mb-1 block text-sm font-semibold text-slate-800 dark:text-slate-200">
        {label}
      </label>
      {/* The direction goes on the wrapper so the toggle sits at the input's own end. */}
      <div className="relative" dir={dir}>
        <input id={fieldId} type={visible ? "text" : "password"} className={`${inputClass} pe-12`} aria-describedby={hint ? `${fieldId}-hint` : undefined} {...input} />
        <button
          type="button"
          onClick={toggle}
          aria-pressed={visible}
          aria-label={visible ? hideLabel : showLabel}
          title={visible ? hideLabel : showLabel}
          className="absolute inset-y-0 end-0 flex w-11 items-center justify-center rounded-e-lg text-slate-500 hover:text-brand-600 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-slate-400"
        >
          <EyeIcon crossed={visible} />
        </button>
      </div>
      {hint && (
        <p id={`${fieldId}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
    </div>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="M3 3l18 18" />}
    </svg>
  );
}

export function Checkbox({ label, id, ...input }: InputHTMLAttributes<HTMLInputElement> & { label: ReactNode }) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <div className="flex items-start gap-2">
      <input id={fieldId} type="checkbox" className="mt-3 size-5 shrink-0 rounded border-slate-400 accent-brand-600" {...input} />
      {/* 44 px tall: the label is the checkbox's tap target. */}
      <label htmlFor={fieldId} className="py-3 text-sm text-slate-800 dark:text-slate-200">
        {label}
      </label>
    </div>
  );
}

export function PrimaryButton({ className = "", ...props }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      className={`inline-flex w-full items-center justify-center rounded-lg bg-brand-600 px-4 py-2.5 text-base font-semibold text-white shadow-sm transition hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60 dark:bg-brand-500 dark:hover:bg-brand-600 ${className}`}
      {...props}
    />
  );
}

export function SecondaryButton({ className = "", ...props }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      className={`inline-flex min-h-11 items-center justify-center rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800 ${className}`}
      {...props}
    />
  );
}

export const linkClass = "font-semibold text-brand-600 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-brand-100";

/** The row under the English account forms: a button back to the homepage and the sign-up link. */
export function BackAndSignUp({ backLabel }: { backLabel: string }) {
  return (
    <div className="mt-6 flex items-center justify-between gap-3 text-sm">
      <SecondaryButton type="button" onClick={() => location.assign("/")}>
        {backLabel}
      </SecondaryButton>
      <p className="text-slate-600 dark:text-slate-300">
        No account?{" "}
        <a href="/signup" className={linkClass} aria-describedby="signup-hebrew-hint">
          Sign up
        </a>{" "}
        <span id="signup-hebrew-hint" className="text-xs text-slate-500 dark:text-slate-400">
          (Hebrew form)
        </span>
      </p>
    </div>
  );
}
