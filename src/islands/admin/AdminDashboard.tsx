import { IslandBoundary } from "../shared/IslandBoundary.tsx";
import Protected from "../shared/Protected.tsx";
import { he } from "./strings.ts";
import LeadsList from "./LeadsList.tsx";
import PipeAlerts from "./PipeAlerts.tsx";
import ReportsPanel from "./ReportsPanel.tsx";
import AlertsPanel from "./alerts/AlertsPanel.tsx";
import SitePanel from "./site/SitePanel.tsx";
import PricesPanel from "./estimate/PricesPanel.tsx";
import SystemPanel from "./SystemPanel.tsx";
import ToolsPanel from "./ToolsPanel.tsx";
import CalendarPanel from "./visits/CalendarPanel.tsx";
import { v } from "./visits/strings.ts";
import Tabs, { type Tab } from "./Tabs.tsx";

// Leads bring in the money, so the dashboard opens on them; then the site visits they lead to
// (#calendar), the reports on them (#reports),
// the staff alerts on phones (#alerts), the site's content (#site), the estimator's prices (#prices)
// the system's daily health (#system) and, last, the developer's tools (#tools).
const TABS: Tab[] = [
  { id: "leads", label: he.tabs.leads, render: () => <LeadsList /> },
  { id: "calendar", label: v.tab, render: () => <CalendarPanel /> },
  { id: "reports", label: he.tabs.reports, render: () => <ReportsPanel /> },
  { id: "alerts", label: he.tabs.alerts, render: () => <AlertsPanel /> },
  { id: "site", label: he.tabs.site, render: () => <SitePanel /> },
  { id: "prices", label: he.tabs.prices, render: () => <PricesPanel /> },
  { id: "system", label: he.tabs.system, render: () => <SystemPanel /> },
  { id: "tools", label: he.tabs.tools, render: () => <ToolsPanel /> },
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
