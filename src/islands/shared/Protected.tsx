import { useEffect, type ReactNode } from "react";
import { SESSION_EXPIRED, useAuth } from "../../lib/stores/auth.ts";
import { setFlash } from "../../lib/flash.ts";

interface Props {
  /** Only this role may see the children ("admin"); without it any signed-in user may. */
  role?: "admin";
  children: ReactNode;
}

export const ADMINS_ONLY = "This page is for administrators only";

/** The sign-in page URL that brings the visitor back to `path` afterwards. */
export function loginUrlFor(path: string): string {
  return `/login?from=${encodeURIComponent(path)}`;
}

/**
 * Renders its children only for a signed-in user (with `role`, only for that role). It checks the
 * session when it mounts; signed out → /login remembering where the visitor was (history replaced);
 * wrong role → /home with a message. The server enforces the same rules; this is the experience.
 * Use it inside an island: `<Protected role="admin"><Dashboard /></Protected>`.
 */
export default function Protected({ role, children }: Props) {
  const { checked, isAuthenticated, user, checkSession, setCurrentRoute } = useAuth();

  useEffect(() => {
    setCurrentRoute(location.pathname);
    void checkSession();
  }, [checkSession, setCurrentRoute]);

  const allowed = checked && isAuthenticated && user && (!role || user.role === role);

  useEffect(() => {
    if (!checked) return;
    if (!isAuthenticated) {
      // The toast would vanish with this page: the log-in page shows it instead.
      const to = loginUrlFor(location.pathname + location.search);
      if (useAuth.getState().message === SESSION_EXPIRED) setFlash({ message: SESSION_EXPIRED, type: "error" }, to);
      location.replace(to);
    }
    else if (role && user?.role !== role) {
      setFlash({ message: ADMINS_ONLY, type: "error" }, "/home");
      location.replace("/home");
    }
  }, [checked, isAuthenticated, user, role]);

  if (allowed) return <>{children}</>;
  return (
    <div role="status" aria-live="polite" className="flex min-h-[40vh] items-center justify-center gap-3 text-slate-600 dark:text-slate-300" data-testid="protected-loading">
      <span className="size-5 animate-spin rounded-full border-2 border-brand-100 border-t-brand-600 motion-reduce:animate-none" aria-hidden="true" />
      <span>{checked ? "Redirecting..." : "Checking your session..."}</span>
    </div>
  );
}

export { Protected };
