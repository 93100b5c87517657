import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from "react";
import { fetchStats, type Stats, type WindowParams } from "./api.ts";
import { localDate } from "./log-line.ts";
import { he } from "./strings.ts";
import StatCards from "./StatCards.tsx";
import LogViewer from "./LogViewer.tsx";
import VitalsTable from "./VitalsTable.tsx";
import QueryConsole from "./QueryConsole.tsx";
import StorageList from "./StorageList.tsx";
import { Card, LoadFailed, Skeleton, card } from "./ui.tsx";

/**
 * The dashboard's 'System' tab: the spec's three cards, the system log, the distribution chart,
 * web vitals, stored files and the query console, as the spec describes them.
 */
export default function SystemPanel() {
  const [win, setWin] = useState<WindowParams>(() => ({ range: "1h", selectedDate: localDate() }));
  const [stats, setStats] = useState<Stats | null>(null);
  const [statsFailed, setStatsFailed] = useState(false);
  const [reloads, setReloads] = useState(0);
  const [chartTries, setChartTries] = useState(0);

  useEffect(() => {
    const ctl = new AbortController();
    setStatsFailed(false);
    fetchStats(win, ctl.signal)
      .then(setStats)
      .catch((e) => {
        if (ctl.signal.aborted) return;
        console.error("Failed to fetch dashboard figures", e);
        setStatsFailed(true);
      });
    return () => ctl.abort();
  }, [win, reloads]);

  const reload = useCallback(() => setReloads((n) => n + 1), []);

  // chart.js is the heaviest piece: its card and the library load after the rest; a failed
  // download offers a retry (a new lazy component tries the import again).
  const DistributionChart = useMemo(
    () =>
      lazy(() =>
        import("./DistributionChart.tsx").catch((e) => {
          console.error("Loading chunk failed", e);
          return {
            default: () => (
              <Card id="card-chart" title={he.chart.title}>
                <LoadFailed text={he.failed} onRetry={() => setChartTries((n) => n + 1)} />
              </Card>
            ),
          };
        }),
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [chartTries],
  );

  return (
    <div className="space-y-6">
      <StatCards stats={stats} failed={statsFailed} onRetry={reload} />
      <LogViewer window={win} onWindowChange={setWin} onReload={reload} adminLogin={stats?.adminLoginToday} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <Suspense fallback={<div className={card}><Skeleton className="mx-auto size-56 rounded-full" /></div>}>
          <DistributionChart stats={stats} failed={statsFailed} onRetry={reload} />
        </Suspense>
        <VitalsTable />
      </div>
      <StorageList />
      <QueryConsole />
    </div>
  );
}
