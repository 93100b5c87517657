import { useId, useState } from "react";
import { ApiError } from "../../lib/api-client.ts";
import { runQuery, type QueryAnswer } from "./api.ts";
import { he } from "./strings.ts";
import { Card, Spinner, field, primaryButton, quietButton } from "./ui.tsx";

const cellText = (v: unknown) => (v === null || v === undefined ? "NULL" : typeof v === "object" ? JSON.stringify(v) : String(v));

/** The read-only SQL console: one statement, results as a table, the server's refusal shown as said. */
export default function QueryConsole() {
  const id = useId();
  const [query, setQuery] = useState("SELECT level, count(*) FROM log GROUP BY level ORDER BY 2 DESC");
  const [running, setRunning] = useState(false);
  const [answer, setAnswer] = useState<QueryAnswer | null>(null);
  const [error, setError] = useState("");

  const run = async () => {
    if (running || !query.trim()) return;
    setRunning(true);
    setError("");
    try {
      setAnswer(await runQuery(query));
    } catch (e) {
      console.error("Failed to execute query", e);
      setAnswer(null);
      setError(e instanceof ApiError ? e.message : he.failed);
    } finally {
      setRunning(false);
    }
  };

  return (
    <Card id="card-query" title={he.query.title}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void run();
        }}
      >
        <label htmlFor={`${id}-sql`} className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-300">
          {he.query.label}
        </label>
        <textarea
          id={`${id}-sql`}
          dir="ltr"
          rows={4}
          spellCheck={false}
          maxLength={10_000}
          aria-describedby={`${id}-hint`}
          className={`${field} font-mono`}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              void run();
            }
          }}
        />
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {he.query.hint}
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="submit" className={primaryButton} disabled={running || !query.trim()} data-testid="query-run">
            {running && <Spinner />}
            {running ? he.query.running : he.query.run}
          </button>
          <button type="button" className={quietButton} onClick={() => setError("")} disabled={!error}>
            {he.query.clear}
          </button>
        </div>
      </form>

      <div aria-live="polite" className="mt-4">
        {error && (
          <p role="alert" dir="auto" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200" data-testid="query-error">
            {error}
          </p>
        )}
        {answer && !error && (
          <>
            <p className="mb-2 text-sm text-slate-600 dark:text-slate-400" data-testid="query-summary">
              {he.query.rows(answer.data.length, answer.ms)}
              {answer.truncated && ` · ${he.query.truncated}`}
            </p>
            {answer.data.length === 0 ? (
              <p className="text-sm text-slate-500">{he.query.noRows}</p>
            ) : (
              <div className="max-h-[500px] overflow-auto rounded-lg border border-slate-200 dark:border-slate-700" tabIndex={0} role="region" aria-label={he.query.results}>
                <table dir="ltr" className="w-full text-left font-mono text-xs" data-testid="query-results">
                  <thead className="sticky top-0 bg-slate-100 dark:bg-slate-800">
                    <tr>
                      {answer.columns.map((c) => (
                        <th key={c} scope="col" className="px-2 py-1.5 font-semibold text-slate-700 dark:text-slate-200">
                          {c}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {answer.data.map((row, i) => (
                      <tr key={i} className="border-t border-slate-100 dark:border-slate-800">
                        {answer.columns.map((c) => (
                          <td key={c} className="max-w-xs truncate px-2 py-1 text-slate-800 dark:text-slate-200" title={cellText(row[c])}>
                            {cellText(row[c])}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </>
        )}
      </div>
    </Card>
  );
}
