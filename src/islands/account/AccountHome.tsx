import { useAuth } from "../../lib/stores/auth.ts";
import { IslandBoundary } from "../shared/IslandBoundary.tsx";
import Protected from "../shared/Protected.tsx";
import { SecondaryButton } from "./ui.tsx";

interface Tile {
  href: string;
  title: string;
  text: string;
}

function Home() {
  const { user, logout } = useAuth();
  if (!user) return null;
  const tiles: Tile[] = [
    { href: "/editor", title: "Product editor", text: "Add, edit and remove catalogue products (Hebrew)." },
    ...(user.role === "admin" ? [{ href: "/admin", title: "Admin dashboard", text: "Products, sign-ins, statistics and the system log (Hebrew)." }] : []),
    { href: "/products", title: "Shop", text: "See the public catalogue as visitors see it." },
    { href: "/contact", title: "Request a quote", text: "Tell us about your waterfront project." },
  ];

  async function signOut() {
    await logout({ forget: true });
    location.assign("/");
  }

  return (
    <section className="mx-auto max-w-5xl px-4 py-10 sm:py-14">
      <div className="flex flex-col gap-6 rounded-2xl border border-slate-200 bg-gradient-to-br from-brand-50 to-white p-6 sm:flex-row sm:items-center sm:justify-between sm:p-8 dark:border-slate-800 dark:from-slate-900 dark:to-slate-950">
        <div className="flex items-center gap-4">
          <span aria-hidden="true" className="flex size-14 shrink-0 items-center justify-center rounded-full bg-brand-600 text-xl font-bold uppercase text-white">
            {user.name.slice(0, 1)}
          </span>
          <div className="min-w-0">
            <h1 className="text-2xl font-bold text-brand-900 dark:text-white">Welcome, {user.name}</h1>
            <p className="break-all text-slate-600 dark:text-slate-300">
              Signed in as <span className="font-medium text-slate-900 dark:text-white">{user.email}</span>
            </p>
            <p className="mt-1 text-sm">
              Role:{" "}
              <span data-testid="role" className={`rounded-full px-2 py-0.5 text-xs font-semibold ${user.role === "admin" ? "bg-accent-500 text-slate-950" : "bg-brand-100 text-brand-900"}`}>
                {user.role === "admin" ? "Administrator" : "User"}
              </span>
            </p>
          </div>
        </div>
        <SecondaryButton type="button" onClick={signOut}>
          Log out
        </SecondaryButton>
      </div>

      <h2 className="mt-10 text-lg font-semibold text-slate-800 dark:text-slate-100">Where to next</h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {tiles.map((t) => (
          <li key={t.href}>
            <a
              href={t.href}
              className="block h-full rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-500 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 motion-reduce:transition-none dark:border-slate-700 dark:bg-slate-900"
            >
              <span className="block font-semibold text-brand-700 dark:text-brand-100">{t.title}</span>
              <span className="mt-1 block text-sm text-slate-600 dark:text-slate-300">{t.text}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The signed-in home (/home): who you are, your role, where you can go, log out. */
export default function AccountHome() {
  return (
    <IslandBoundary what="your account page">
      <Protected>
        <Home />
      </Protected>
    </IslandBoundary>
  );
}
