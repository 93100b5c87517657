import { useEffect, useRef } from "react";

/** The client id baked in at build time; without it there is no Google button (and no Google script). */
export const GOOGLE_CLIENT_ID: string = import.meta.env.PUBLIC_GOOGLE_CLIENT_ID ?? "";
const SCRIPT_URL = "https://accounts.google.com/gsi/client";
/** Spec §9: the button is 304 px wide; the prompt appears 2000 ms after load on /login. */
export const GOOGLE_BUTTON_WIDTH = 304;
export const GOOGLE_PROMPT_DELAY_MS = 2000;

interface GoogleId {
  initialize(o: { client_id: string; callback: (r: { credential: string }) => void; ux_mode?: string; use_fedcm_for_prompt?: boolean }): void;
  renderButton(el: HTMLElement, o: Record<string, unknown>): void;
  prompt(): void;
  cancel(): void;
}
declare global {
  interface Window {
    google?: { accounts: { id: GoogleId } };
  }
}

let loader: Promise<GoogleId> | undefined;
function loadGoogle(): Promise<GoogleId> {
  loader ??= new Promise((resolve, reject) => {
    const s = document.createElement("script");
    s.src = SCRIPT_URL;
    s.async = true;
    s.onload = () => (window.google ? resolve(window.google.accounts.id) : reject(new Error("Google sign-in did not load")));
    s.onerror = () => reject(new Error("Google sign-in did not load"));
    document.head.appendChild(s);
  });
  return loader;
}

interface Props {
  text: "signin_with" | "signup_with";
  onCredential(credential: string): void;
  /** Show Google's prompt 2 s after load, on /login only. */
  prompt?: boolean;
  locale?: string;
}

/** Google's own Sign-In button (outline, large, 304 px); renders nothing when Google is not configured. */
export default function GoogleButton({ text, onCredential, prompt = false, locale }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const callback = useRef(onCredential);
  callback.current = onCredential;

  useEffect(() => {
    if (!GOOGLE_CLIENT_ID || !box.current) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let gone = false;
    loadGoogle()
      .then((id) => {
        if (gone || !box.current) return;
        id.initialize({ client_id: GOOGLE_CLIENT_ID, callback: (r) => callback.current(r.credential), use_fedcm_for_prompt: true });
        id.renderButton(box.current, { theme: "outline", size: "large", text, width: GOOGLE_BUTTON_WIDTH, locale });
        if (prompt && location.pathname.replace(/\/$/, "") === "/login") timer = setTimeout(() => id.prompt(), GOOGLE_PROMPT_DELAY_MS);
      })
      // Identity-provider errors go to the console only (spec §8).
      .catch((e) => console.error(e));
    return () => {
      gone = true;
      clearTimeout(timer);
    };
  }, [text, prompt, locale]);

  if (!GOOGLE_CLIENT_ID) return null;
  return (
    <>
      <div className="my-5 flex items-center gap-3 text-xs uppercase tracking-wide text-slate-500 dark:text-slate-400" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
        {locale === "he" ? "או" : "or"}
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
      </div>
      <div ref={box} className="mx-auto flex min-h-11 justify-center" style={{ width: GOOGLE_BUTTON_WIDTH, maxWidth: "100%" }} data-testid="google-button" />
    </>
  );
}
