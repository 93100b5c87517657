import { Component, type ErrorInfo, type ReactNode } from "react";

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
    return (
      <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
        <p className="font-semibold">{chunk ? "Loading chunk failed" : "Unexpected Application Error!"}</p>
        <p className="mt-1 text-sm">
          {`Sorry, ${this.props.what ?? "this part of the page"} could not load. Please refresh the page, or call us.`}
        </p>
        <button type="button" className="mt-3 rounded-lg bg-amber-700 px-3 py-1.5 text-sm font-semibold text-white" onClick={() => location.reload()}>
          Refresh
        </button>
      </div>
    );
  }
}
