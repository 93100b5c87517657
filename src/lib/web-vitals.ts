/**
 * Real-user web vitals (architecture decision 9): once the visitor has consented, report LCP,
 * INP, CLS and TTFB for this page to POST /api/vitals with sendBeacon (survives page unload).
 */
import { onCLS, onINP, onLCP, onTTFB, type Metric } from "web-vitals";

let started = false;

export function reportWebVitals(): void {
  if (started || typeof navigator === "undefined") return;
  started = true;
  const path = location.pathname;
  const send = (m: Metric) => {
    const body = JSON.stringify({ metric: m.name, value: Math.round(m.value * 1000) / 1000, path });
    if (!navigator.sendBeacon?.("/api/vitals", new Blob([body], { type: "application/json" }))) {
      fetch("/api/vitals", { method: "POST", body, headers: { "Content-Type": "application/json" }, keepalive: true }).catch(() => {});
    }
  };
  onLCP(send);
  onINP(send);
  onCLS(send);
  onTTFB(send);
}
