import { useEffect, useRef } from "react";
import { SecondaryButton, PrimaryButton, linkClass } from "./ui.tsx";

interface Props {
  open: boolean;
  onAccept(): void;
  onClose(): void;
}

/** The user-agreement panel of /signup (Hebrew); its 'Accept user agreement' button is how the terms are accepted. */
export default function TermsDialog({ open, onAccept, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby="terms-title"
      className="m-auto w-[min(36rem,calc(100vw-2rem))] rounded-2xl border border-slate-200 bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      <div className="max-h-[80dvh] overflow-y-auto p-6">
        <h2 id="terms-title" className="text-xl font-bold">
          הסכם המשתמש
        </h2>
        <ul className="mt-4 list-disc space-y-2 ps-5 text-sm leading-relaxed">
          <li>החשבון אישי. שמרו על הסיסמה בסוד ואל תשתפו אותה.</li>
          <li>המידע שתזינו (מוצרים, תמונות ותיאורים) יוצג באתר החברה; אין להעלות תוכן שאינו בבעלותכם.</li>
          <li>כתובת האימייל משמשת להתחברות, לאיפוס סיסמה ולעדכונים שביקשתם בלבד.</li>
          <li>אפשר לבקש בכל עת למחוק את החשבון דרך עמוד יצירת הקשר.</li>
        </ul>
        <p className="mt-4 text-sm">
          <a href="/terms" target="_blank" rel="noopener" className={linkClass}>
            לתנאי השימוש המלאים
          </a>
          {" · "}
          <a href="/privacy" target="_blank" rel="noopener" className={linkClass}>
            מדיניות הפרטיות
          </a>
        </p>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <SecondaryButton type="button" onClick={onClose}>
            סגירה
          </SecondaryButton>
          <PrimaryButton type="button" lang="en" dir="ltr" className="sm:w-auto" onClick={onAccept} autoFocus>
            Accept user agreement
          </PrimaryButton>
        </div>
      </div>
    </dialog>
  );
}
