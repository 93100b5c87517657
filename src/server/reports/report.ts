/** One report table for the admin's request: read with its one statement, as JSON data or a CSV file. */
import type { Queryable } from "../db/index.ts";
import type { ReportTable } from "../../lib/contracts/reports.ts";
import { loadServices } from "../content/services.ts";
import { siteBase } from "../settings/context.ts";
import { businessHours } from "./hours.ts";
import { resolvePeriod, type ReportQuery } from "./period.ts";
import { hostOf, sourcesReport, weeklyReport } from "./sources.ts";
import { servicesReport } from "./services.ts";
import { speedReport } from "./speed.ts";
import { languagesCsv, moneyCsv, servicesCsv, sourcesCsv, speedCsv, visitsCsv, weeklyCsv } from "./csv.ts";
import { visitsReport } from "./visits.ts";
import { languagesReport } from "./languages.ts";
import { moneyReport } from "./money.ts";

/**
 * This site's hosts (the address the admin uses, and the site's own URL): a lead whose referrer is
 * one of them came through another page of the site, so the referrer says nothing of its source.
 */
export function ownHosts(requestUrl: string): string[] {
  return [...new Set([hostOf(requestUrl), hostOf(siteBase(""))].filter((h) => h !== null))];
}

export async function readReport(q: Queryable, table: ReportTable, query: ReportQuery, requestUrl: string, now = new Date()): Promise<{ data: unknown; csv: () => string }> {
  const period = resolvePeriod(query, now);
  const csv = query.format === "csv";
  switch (table) {
    case "sources": {
      const r = await sourcesReport(q, period, query.group, ownHosts(requestUrl), csv ? null : undefined);
      return { data: r, csv: () => sourcesCsv(r) };
    }
    case "weekly": {
      const r = await weeklyReport(q, period, query.group, ownHosts(requestUrl));
      return { data: r, csv: () => weeklyCsv(r) };
    }
    case "services": {
      const titles = ((await loadServices(q)) ?? []).map((s) => s.title);
      const r = await servicesReport(q, period, titles);
      return { data: r, csv: () => servicesCsv(r) };
    }
    case "speed": {
      const r = await speedReport(q, period, await businessHours(q), now);
      return { data: r, csv: () => speedCsv(r) };
    }
    case "visits": {
      const r = await visitsReport(q, period);
      return { data: r, csv: () => visitsCsv(r) };
    }
    case "languages": {
      const r = await languagesReport(q, period);
      return { data: r, csv: () => languagesCsv(r) };
    }
    case "money": {
      const r = await moneyReport(q, period);
      return { data: r, csv: () => moneyCsv(r) };
    }
  }
}

/** report-sources-utm-2026-10-28-to-2026-11-26.csv */
export function reportFileName(table: ReportTable, query: ReportQuery, now = new Date()): string {
  const { from, to } = resolvePeriod(query, now);
  const group = table === "sources" || table === "weekly" ? `-${query.group}` : "";
  return `report-${table}${group}-${from}-to-${to}.csv`;
}
