/**
 * `astro dev` renders pages per request, but the content layer reads the database once, at start
 * (src/content/db-loader.ts). This integration keeps what staff publish visible on the next page
 * load (issues 26, 27): before a page is rendered it asks each database-backed loader's cheap version
 * query, and when one has moved since the last look it refreshes that loader's content first.
 *
 * Astro tells every open page to reload when its content store is written. Here that write is the
 * answer to a page being loaded, which gets the new content anyway; a reload of the other tabs
 * would throw away what staff were typing in the back office. So the refresh's own reload is not
 * sent (pages already open show the change on their next load, as on the deployed site).
 */
import type { AstroIntegration } from "astro";
import type { Db, Queryable } from "../../src/server/db/index.ts";
import { liveVersion } from "../../src/server/site-content/store.ts";
import { CONTENT_VERSION_PATH } from "../../src/lib/contracts/site.ts";
import { PRICE_RULES_VERSION_PATH } from "../../src/lib/contracts/estimate.ts";

export interface WatchedLoader {
  /** The loader's name (dbLoader's `name`). */
  name: string;
  /** A fingerprint that moves with every change to what the loader reads. */
  version(q: Queryable): Promise<string>;
}

/** The site content's collections (src/content.config.ts): all move with the live version. */
export function siteContentLoaders(): WatchedLoader[] {
  const version = async (q: Queryable) => String(await liveVersion(q));
  return ["site", "about", "services", "reviews", "gallery", "badges", "legal", "published"].map((c) => ({ name: `db-site-${c}`, version }));
}

/** How long after a refresh the content store's write (and Astro's reload message) may come. */
const QUIET_MS = 3000;

/** Requests that are never a page: Vite's own paths, sources, dependencies, the API, images. */
const PAGE_ONLY_SKIP = /^\/(@|__|node_modules\/|src\/|api\/|_image|\.netlify\/)/;

export function devContentRefresh(loaders: WatchedLoader[]): AstroIntegration {
  return {
    name: "coastal:dev-content-refresh",
    hooks: {
      "astro:server:setup": ({ server, refreshContent, logger }) => {
        if (!refreshContent) return;
        let quietUntil = 0;
        const hot = server.environments.client.hot;
        const send = hot.send.bind(hot) as (...args: unknown[]) => void;
        hot.send = ((...args: unknown[]) => {
          const payload = args[0] as { type?: string } | undefined;
          if (payload?.type === "full-reload" && Date.now() < quietUntil) return logger.debug("Content refreshed: open pages are not reloaded");
          send(...args);
        }) as typeof hot.send;
        let db: Promise<Db> | null = null;
        const seen = new Map<string, string>();
        // One look at a time: a page's burst of requests (or two tabs) refreshes once.
        let looking: Promise<void> = Promise.resolve();
        const look = async () => {
          db ??= import("../../src/server/db/index.ts").then(({ createDb, databaseUrlFromEnv }) => createDb(databaseUrlFromEnv()));
          const moved: string[] = [];
          for (const l of loaders) {
            const v = await l.version(await db);
            const before = seen.get(l.name);
            seen.set(l.name, v);
            // The first look only notes the version: the loader read the database at start (a
            // refresh writes Astro's store, which reloads every open page).
            if (before !== undefined && before !== v) moved.push(l.name);
          }
          if (moved.length) {
            logger.info(`Published content changed (${moved.join(", ")}): refreshing`);
            quietUntil = Date.now() + QUIET_MS;
            await refreshContent({ loaders: moved });
            quietUntil = Date.now() + QUIET_MS;
          }
        };
        server.middlewares.use((req, _res, next) => {
          // Pages only (whatever the client accepts: a crawler or curl sends no text/html): not Vite's
          // modules, the API or files with an extension.
          const path = (req.url ?? "/").split("?")[0];
          if (req.method !== "GET" || PAGE_ONLY_SKIP.test(path) || (/\.[\w]+$/.test(path) && path !== CONTENT_VERSION_PATH && path !== PRICE_RULES_VERSION_PATH)) return next();
          looking = looking.then(look).catch((e) => {
            // The database may still be starting (npm run dev starts both at once): the page renders as it is.
            db = null;
            logger.debug(`Content version not read: ${e instanceof Error ? e.message : String(e)}`);
          });
          looking.then(() => next(), next);
        });
      },
    },
  };
}
