/**
 * Password hashing's own queue (issue 33): scrypt runs on Node's thread pool (4 threads), which
 * also compresses answers and reads files. A flood of log-ins filled all four, and every other
 * answer, /api/health included, waited up to 54 s. Now at most `running` hashes run at once (two,
 * leaving the pool room for everything else) and at most `waiting` wait; past that a request is
 * refused at once with a 429 and Retry-After, instead of queueing without end.
 */
import { tooManyRequests } from "../http/errors.ts";

export const HASH_BUSY_MESSAGE = "Too many sign-ins at this moment. Please try again in a few seconds.";

export class HashQueue {
  readonly running: number;
  readonly waiting: number;
  #active = 0;
  #queue: (() => void)[] = [];

  constructor(running: number, waiting: number) {
    this.running = running;
    this.waiting = waiting;
  }

  /** Hashes running and waiting now. */
  get load(): { active: number; queued: number } {
    return { active: this.#active, queued: this.#queue.length };
  }

  /** Runs `work` when a slot is free; a 429 at once when `waiting` are already in line. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.#active >= this.running) {
      if (this.#queue.length >= this.waiting) throw tooManyRequests(5, HASH_BUSY_MESSAGE);
      await new Promise<void>((go) => this.#queue.push(go));
    } else this.#active++;
    try {
      return await work();
    } finally {
      const next = this.#queue.shift();
      if (next) next();
      else this.#active--;
    }
  }
}

/** The process's queue: two at once, sixteen in line (about 2 s of work at production cost). */
export const hashQueue = new HashQueue(Number(process.env.HASH_CONCURRENCY) || 2, Number(process.env.HASH_QUEUE) || 16);
