/**
 * The build a local server answers from, switched to a new one without a request ever seeing a
 * build half gone (issue 32: during a rebuild `/content-version.json` once answered the 404 page,
 * because the old build's folder was removed while a request was still being answered from it).
 * A request takes the build that is current when it starts and keeps it until its answer is sent;
 * a switch makes the new build current at once, then waits until the old one answers no request
 * before stopping it, so its folder can go only after that. Like a Netlify deploy: atomic.
 */
export interface Stoppable {
  stop(): Promise<void>;
}

export class BuildSwitch<S extends Stoppable> {
  #current: { server: S; inflight: number; drained?: () => void };

  constructor(first: S) {
    this.#current = { server: first, inflight: 0 };
  }

  get server(): S {
    return this.#current.server;
  }

  /** The current build for one request; `release` once its answer is sent (or failed). */
  take(): { server: S; release(): void } {
    const entry = this.#current;
    entry.inflight++;
    let released = false;
    return {
      server: entry.server,
      release: () => {
        if (released) return;
        released = true;
        entry.inflight--;
        if (entry.inflight === 0) entry.drained?.();
      },
    };
  }

  /** Makes `next` current, then stops the previous build once its last request is answered. */
  async switchTo(next: S): Promise<void> {
    const old = this.#current;
    this.#current = { server: next, inflight: 0 };
    if (old.inflight > 0) await new Promise<void>((done) => (old.drained = done));
    await old.server.stop();
  }
}
