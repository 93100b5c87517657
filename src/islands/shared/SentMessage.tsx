/**
 * The check mark, 'Message Sent Successfully' (spec §2, §4) and one line under it, shown by the quote
 * and inquiry forms once a request is stored. The form around it decides where it sits and how long.
 */
import { useLocale } from "./locale";

export function SentMessage({ line }: { line: string }) {
  const { t } = useLocale();
  return (
    <>
      <span className="flex size-20 items-center justify-center rounded-full bg-emerald-100 text-emerald-700 dark:bg-emerald-900 dark:text-emerald-200">
        <svg viewBox="0 0 24 24" aria-hidden="true" className="size-12" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round">
          <path d="M5 13l4 4L19 7" />
        </svg>
      </span>
      <p className="mt-4 text-2xl font-bold text-slate-900 dark:text-white">{t.sent}</p>
      <p className="mt-1 text-slate-700 dark:text-slate-300">{line}</p>
    </>
  );
}
