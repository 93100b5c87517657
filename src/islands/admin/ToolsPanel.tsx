import { useCallback, useEffect, useState } from "react";
import { fetchStats, type Stats, type WindowParams } from "./api.ts";
import { localDate } from "./log-line.ts";
import { he } from "./strings.ts";
import LogViewer from "./LogViewer.tsx";
import QueryConsole from "./QueryConsole.tsx";
import StorageList from "./StorageList.tsx";

/**
 * The dashboard's 'Tools' tab (issue 39, item 7): the raw system log, the stored files and the
 * read-only SQL console, for whoever maintains the site. Apart from the office's daily 'System'
 * tab, so nobody meets a SQL prompt while checking that the site is well. Admins only, as the
 * whole dashboard is (the server checks every call).
 */
export default function ToolsPanel() {
  const [win, setWin] = useState<WindowParams>(() => ({ range: "1h", selectedDate: localDate() }));
  const [stats, setStats] = useState<Stats | null>(null);
  const [reloads, setReloads] = useState(0);

  // Only for the log card's line on today's admin log-in (spec §2).
  useEffect(() => {
    const ctl = new AbortController();
    fetchStats(win, ctl.signal)
      .then(setStats)
      .catch((e) => !ctl.signal.aborted && console.error("Failed to fetch dashboard figures", e));
    return () => ctl.abort();
  }, [win, reloads]);

  const reload = useCallback(() => setReloads((n) => n + 1), []);

  return (
    <div className="space-y-6">
      <p className="max-w-3xl text-slate-600 dark:text-slate-400" data-testid="tools-intro">
        {he.tools.intro}
      </p>
      <LogViewer window={win} onWindowChange={setWin} onReload={reload} adminLogin={stats?.adminLoginToday} />
      <StorageList />
      <QueryConsole />
    </div>
  );
}
