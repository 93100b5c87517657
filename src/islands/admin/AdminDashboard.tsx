import { IslandBoundary } from "../shared/IslandBoundary.tsx";
import Protected from "../shared/Protected.tsx";
import { he } from "./strings.ts";
import LeadsList from "./LeadsList.tsx";
import PipeAlerts from "./PipeAlerts.tsx";
import ReportsPanel from "./ReportsPanel.tsx";
import SitePanel from "./site/SitePanel.tsx";
import SystemPanel from "./SystemPanel.tsx";
import Tabs, { type Tab } from "./Tabs.tsx";

// Leads bring in the money, so the dashboard opens on them; then the reports on them (#reports), the
// site's content (#site) and the system tools (#system).
const TABS: Tab[] = [
  { id: "leads", label: he.tabs.leads, render: () => <LeadsList /> },
  { id: "reports", label: he.tabs.reports, render: () => <ReportsPanel /> },
  { id: "site", label: he.tabs.site, render: () => <SitePanel /> },
  { id: "system", label: he.tabs.system, render: () => <SystemPanel /> },
];

function Dashboard() {
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 dark:text-white">{he.title}</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">{he.subtitle}</p>
      </header>
      <PipeAlerts />
      <Tabs tabs={TABS} label={he.tabs.label} />
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
