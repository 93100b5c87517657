import { useEffect, useState } from "react";
import { homeRoute, safeReturnPath, useAuth } from "../../lib/stores/auth.ts";
import { local } from "../../lib/safe-storage.ts";

/**
 * Entry pages (log-in, reset) send a signed-in visitor on: to `?from=` when it is a safe path,
 * else the stored current route, else /home (spec §2). Answers true while it is still deciding.
 */
export function useSignedInRedirect(): boolean {
  const [deciding, setDeciding] = useState(true);
  useEffect(() => {
    const auth = useAuth.getState();
    auth.init();
    if (!local.get("token")) {
      setDeciding(false);
      return;
    }
    void auth.checkSession().then((ok) => {
      if (ok) location.replace(destinationAfterLogin());
      else setDeciding(false);
    });
  }, []);
  return deciding;
}

export function destinationAfterLogin(): string {
  const from = new URLSearchParams(location.search).get("from");
  return safeReturnPath(from) ?? homeRoute(useAuth.getState().currentRoute || local.get("currentRoute"));
}
