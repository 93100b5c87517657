/**
 * The back office's editable documents (the Site section, the price list) as their tab first loads
 * them: the server's state, fetched once when the tab mounts (cancelled if it unmounts first), a
 * flag when that failed, and `load` for the tab's 'try again'. `setServer` takes each state a save,
 * publish or restore answers.
 */
import { useCallback, useEffect, useState } from "react";

export function useDocument<T>(fetchState: (signal?: AbortSignal) => Promise<T>, name: string) {
  const [server, setServer] = useState<T | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      setLoadFailed(false);
      try {
        setServer(await fetchState(signal));
      } catch (e) {
        if (!signal?.aborted) {
          console.error(`${name} failed to load`, e);
          setLoadFailed(true);
        }
      }
    },
    [fetchState, name],
  );

  useEffect(() => {
    const ac = new AbortController();
    void load(ac.signal);
    return () => ac.abort();
  }, [load]);

  return { server, setServer, loadFailed, load };
}
