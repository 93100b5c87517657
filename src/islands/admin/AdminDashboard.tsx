import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { IslandBoundary } from "../shared/IslandBoundary.tsx";
import Protected from "../account/Protected.tsx";
import { fetchStats, type Stats, type WindowParams } from "./api.ts";
import { localDate } from "./log-line.ts";
import { he } from "./strings.ts";
import StatCards from "./StatCards.tsx";
import LogViewer from "./LogViewer.tsx";
import VitalsTable from "./VitalsTable.tsx";
import QueryConsole from "./QueryConsole.tsx";
import LeadsTable from "./LeadsTable.tsx";
import StorageList from "./StorageList.tsx";
import { Skeleton, card } from "./ui.tsx";

// chart.js is the heaviest piece: its card and the library load after the rest of the dashboard.
const DistributionChart = lazy(() => import("./DistributionChart.tsx"));

function Dashboard() {
  const [win, setWin] = useState<WindowParams>(() => ({ range: "1h", selectedDate: localDate() }));
  const [stats, setStats] = useState<Stats | null>(null);
  const [statsFailed, setStatsFailed] = useState(false);
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    const ctl = new AbortController();
    fetchStats(win, ctl.signal)
      .then((s) => (setStats(s), setStatsFailed(false)))
      .catch((e) => {
        if (ctl.signal.aborted) return;
        console.error("Failed to fetch dashboard figures", e);
        setStatsFailed(true);
      });
    return () => ctl.abort();
  }, [win, reloads]);

  const reload = useCallback(() => setReloads((n) => n + 1), []);

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 dark:text-white">{he.title}</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">{he.subtitle}</p>
      </header>
      <StatCards stats={stats} failed={statsFailed} />
      <LogViewer window={win} onWindowChange={setWin} onReload={reload} adminLogin={stats?.adminLoginToday} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <Suspense fallback={<div className={card}><Skeleton className="mx-auto size-56 rounded-full" /></div>}>
          <DistributionChart stats={stats} />
        </Suspense>
        <VitalsTable />
      </div>
      <LeadsTable />
      <StorageList />
      <QueryConsole />
    </div>
  );
}

/** The Hebrew admin dashboard island (/admin): admins only; the server checks every call too. */
export default function AdminDashboard() {
  return (
    <IslandBoundary what="the admin dashboard">
      <Protected role="admin">
        <Dashboard />
      </Protected>
    </IslandBoundary>
  );
}
