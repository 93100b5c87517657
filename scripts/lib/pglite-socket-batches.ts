/**
 * pglite-socket 0.2 runs the protocol messages of all connections one by one in arrival order,
 * keeping a connection's messages together only inside a transaction. Outside one, the Parse /
 * Bind / Execute / Sync of two connections interleave on PGlite's single session ("bind message
 * supplies 5 parameters, but prepared statement "" requires 2"), and after a failed message its
 * queue stops for good. This replaces the queue's loop so that an extended-protocol batch runs
 * to its Sync before another connection's message, and a failure no longer stops the queue.
 */
import type { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import type { PGlite } from "@electric-sql/pglite";

interface Item {
  handlerId: number;
  message: Uint8Array;
  onData(d: Uint8Array): void;
  resolve(bytes: number): void;
  reject(e: unknown): void;
}
interface Queue {
  queue: Item[];
  processing: boolean;
  lastHandlerId: number | null;
  db: PGlite;
  processQueue(): Promise<void>;
  clearQueueForHandler(id: number): void;
}

// Parse, Bind, Describe, Execute, Close, Flush: a batch goes on until Sync (or anything else).
const BATCH = new Set([0x50, 0x42, 0x44, 0x45, 0x43, 0x48]);

export function keepProtocolBatchesTogether(server: PGLiteSocketServer): void {
  const q = (server as unknown as { queryQueue: Queue }).queryQueue;
  let open: number | null = null;
  const clear = q.clearQueueForHandler.bind(q);
  q.clearQueueForHandler = (id) => {
    if (open === id) open = null;
    clear(id);
  };
  q.processQueue = async function (this: Queue) {
    if (this.processing) return;
    this.processing = true;
    try {
      while (this.queue.length) {
        const owner = open ?? (this.db.isInTransaction() ? this.lastHandlerId : null);
        const at = owner === null ? 0 : this.queue.findIndex((e) => e.handlerId === owner);
        if (at === -1) break; // the owner's next message has not arrived yet; its enqueue resumes us
        const [item] = this.queue.splice(at, 1);
        let bytes = 0;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(item.message, {
              onRawData: (d: Uint8Array) => {
                bytes += d.length;
                item.onData(d);
              },
            }),
          );
        } catch (e) {
          open = null;
          item.reject(e);
          continue;
        }
        open = BATCH.has(item.message[0]) ? item.handlerId : null;
        this.lastHandlerId = item.handlerId;
        item.resolve(bytes);
      }
    } finally {
      this.processing = false;
    }
  };
}
