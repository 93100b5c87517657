/**
 * The CSP additions a page needs to load Google's Sign-In script, only when a client id is
 * configured at build time (otherwise the policy stays 'self' + hashes and the button is hidden).
 */
interface CspApi {
  insertScriptResource(r: string): void;
  insertStyleResource(r: string): void;
}

export function allowGoogleSignIn(csp: CspApi | undefined, clientId = import.meta.env.PUBLIC_GOOGLE_CLIENT_ID): void {
  if (!csp || !clientId) return;
  // Naming any resource replaces Astro's default 'self', so it is named again.
  csp.insertScriptResource("'self'");
  csp.insertScriptResource("https://accounts.google.com/gsi/client");
  csp.insertStyleResource("'self'");
  csp.insertStyleResource("https://accounts.google.com/gsi/style");
}
