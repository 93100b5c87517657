/**
 * Loads the browser's date data for the booking pages off the main thread (see warm-intl.ts): makes
 * and uses each formatter it is sent, then says so. It imports nothing, so it stays a few hundred bytes.
 */
type Warm = { tag: string; zone: string; formats: Intl.DateTimeFormatOptions[] };

self.onmessage = (event: MessageEvent<Warm>) => {
  const { tag, zone, formats } = event.data;
  try {
    for (const opts of formats) new Intl.DateTimeFormat(tag, { timeZone: zone, ...opts }).format(0);
  } catch {
    // An engine without the zone or the language: the page makes its formatters itself, as before.
  }
  self.postMessage("ready");
};
