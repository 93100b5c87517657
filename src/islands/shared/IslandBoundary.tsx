import { Component, type ContextType, type ErrorInfo, type ReactNode } from "react";
import { formStrings } from "../../lib/i18n/forms";
import { LocaleContext } from "./locale";

interface Props {
  children: ReactNode;
  /** What the island is, for the message ("the quote form"). */
  what?: string;
}

/**
 * Catches a render error or a failed lazy chunk in an island and shows a short, friendly message
 * in its place instead of a blank area (spec §8: 'Loading chunk failed', 'Unexpected Application Error!').
 */
export class IslandBoundary extends Component<Props, { error: Error | null }> {
  static contextType = LocaleContext;
  declare context: ContextType<typeof LocaleContext>;
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error("Unexpected Application Error!", error, info.componentStack);
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const chunk = /chunk|dynamically imported module|Failed to fetch/i.test(error.message);
    const t = formStrings(this.context).island;
    return (
      <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
        <p className="font-semibold">{chunk ? t.chunk : t.error}</p>
        <p className="mt-1 text-sm">{t.text(this.props.what)}</p>
        <button type="button" className="mt-3 rounded-lg bg-amber-700 px-3 py-1.5 text-sm font-semibold text-white" onClick={() => location.reload()}>
          {t.refresh}
        </button>
      </div>
    );
  }
}
