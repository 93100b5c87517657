/**
 * 'Text me about this request' (issue 34, decision 17): the unticked box both lead forms show above
 * their button, with the consent US law (TCPA) expects printed under it, word for word the version
 * the form sends (src/lib/contracts/sms.ts). The label is the box's name and its tap target (44 px);
 * the terms are its description, read after the name by a screen reader; the privacy link is theirs.
 * Ticked while the phone is empty, it says at once that texts need a mobile number above.
 */
import { useId } from "react";
import { SMS_CONSENT_VERSION, SMS_CONSENT_VERSION_BY_LANGUAGE, SMS_CONSENT_WORDINGS } from "../../lib/contracts/sms";
import { formStrings } from "../../lib/i18n/forms";
import type { Locale } from "../../lib/i18n/locales";
import { useLocale } from "./locale";

export { SMS_CONSENT_VERSION };

/**
 * The body fields for the box: the consent and the version of the wording shown (the page's
 * language has its own, issue 37) when ticked, nothing when not.
 */
export const smsConsentBody = (ticked: boolean, locale: Locale = "en") => (ticked ? { smsConsent: true, smsConsentVersion: SMS_CONSENT_VERSION_BY_LANGUAGE[locale] } : {});

/** What the phone field says when the box is ticked and the phone is empty (the form checks before sending). */
export const SMS_NEEDS_PHONE = formStrings("en").sms.needsPhone;
/** The same, in the page's language. */
export const smsNeedsPhone = (locale: Locale) => formStrings(locale).sms.needsPhone;

export function SmsConsent({ company, checked, onChange, phoneEmpty }: { company: string; checked: boolean; onChange(v: boolean): void; phoneEmpty: boolean }) {
  const id = useId();
  const { locale, t } = useLocale();
  const wording = SMS_CONSENT_WORDINGS[SMS_CONSENT_VERSION_BY_LANGUAGE[locale]](company);
  return (
    <div className="rounded-xl border border-slate-200 bg-slate-50 px-4 py-1 dark:border-slate-700 dark:bg-slate-900/60" data-testid="sms-consent">
      <label htmlFor={`${id}-box`} className="flex min-h-11 cursor-pointer items-start gap-3 py-2.5">
        <input
          id={`${id}-box`}
          type="checkbox"
          name="smsConsent"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-describedby={`${id}-terms${checked && phoneEmpty ? ` ${id}-phone` : ""}`}
          className="mt-0.5 size-5 shrink-0 cursor-pointer rounded border-slate-400 accent-brand-600 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-500 dark:accent-brand-400"
        />
        <span className="text-base font-semibold text-slate-900 dark:text-white">
          {wording.label} <span className="font-normal text-slate-600 dark:text-slate-400">{t.optional}</span>
        </span>
      </label>
      <p id={`${id}-terms`} className="pb-3 pl-8 text-xs leading-relaxed text-slate-600 dark:text-slate-300">
        {wording.terms}{" "}
        <a href={wording.privacyPath} className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800 dark:text-brand-200 dark:hover:text-white">
          {wording.privacy}
        </a>
        .
      </p>
      {checked && phoneEmpty && (
        <p id={`${id}-phone`} role="status" className="-mt-1 pb-3 pl-8 text-sm font-semibold text-amber-800 dark:text-amber-300" data-testid="sms-needs-phone">
          {t.sms.enterMobile}
        </p>
      )}
    </div>
  );
}
