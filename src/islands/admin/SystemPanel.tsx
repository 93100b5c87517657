import { useCallback, useEffect, useState } from "react";
import { fetchStats, type Stats } from "./api.ts";
import { localDate } from "./log-line.ts";
import { he } from "./strings.ts";
import StatCards from "./StatCards.tsx";
import LogLevelsChart from "./LogLevelsChart.tsx";
import VitalsTable from "./VitalsTable.tsx";

/**
 * The dashboard's 'System' tab, the office's daily look (issue 39, item 7): is the site well
 * (today's figures and errors, the log by level), and how fast it is for visitors (web vitals).
 * The developer's tools (log lines, stored files, SQL) are in the 'Tools' tab.
 */
export default function SystemPanel() {
  const [stats, setStats] = useState<Stats | null>(null);
  const [statsFailed, setStatsFailed] = useState(false);
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    const ctl = new AbortController();
    setStatsFailed(false);
    fetchStats({ range: "1d", selectedDate: localDate() }, ctl.signal)
      .then(setStats)
      .catch((e) => {
        if (ctl.signal.aborted) return;
        console.error("Failed to fetch dashboard figures", e);
        setStatsFailed(true);
      });
    return () => ctl.abort();
  }, [reloads]);

  const reload = useCallback(() => setReloads((n) => n + 1), []);

  return (
    <div className="space-y-6">
      <StatCards stats={stats} failed={statsFailed} onRetry={reload} />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <LogLevelsChart stats={stats} failed={statsFailed} onRetry={reload} />
        <VitalsTable />
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="tools-pointer">
        {he.tools.pointer[0]}{" "}
        <a href="#tools" className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800 dark:text-brand-300 dark:hover:text-brand-200">
          {he.tools.pointer[1]}
        </a>
        .
      </p>
    </div>
  );
}
