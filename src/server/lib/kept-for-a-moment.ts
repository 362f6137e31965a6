/**
 * Answers kept for a moment, by key: what many requests ask within `keepMs` is read once (catalogue pages,
 * decision 0016; sessions, 0019; file checks, 0022). Concurrent asks share one read; a failed read is not
 * kept, so the next ask tries again; past `maxKept` keys the oldest goes first. `keepMs` 0 keeps nothing.
 */
export interface KeptForAMoment<V> {
  get(key: string, read: () => Promise<V>): Promise<V>;
  /**
   * What is kept for `key` if it is already known (read and still fresh), without a promise; undefined when
   * it would take `get`. Lets the hottest callers answer in the same tick, with no promise to make and
   * settle (bench row P3).
   */
  peek(key: string): { value: V } | undefined;
  /** Drops one key: its answer is known to be stale. */
  drop(key: string): void;
  /** Drops every key: after a change that may touch any answer. */
  clear(): void;
}

/** A read as kept: when it began, its promise, and its answer once it has one. */
interface Kept<V> {
  at: number;
  value: Promise<V>;
  known?: { value: V };
}

export function keepForAMoment<V>({ keepMs, maxKept }: { keepMs: number; maxKept: number }): KeptForAMoment<V> {
  const kept = new Map<string, Kept<V>>();
  return {
    get(key, read) {
      const now = performance.now();
      const entry = kept.get(key);
      if (entry && now - entry.at < keepMs) return entry.value;
      const value = read();
      // A refreshed key moves to the end, so the first key is always the oldest.
      kept.delete(key);
      if (kept.size >= maxKept) kept.delete(kept.keys().next().value!);
      const fresh: Kept<V> = { at: now, value };
      kept.set(key, fresh);
      value.then(
        (known) => {
          fresh.known = { value: known };
        },
        () => {
          if (kept.get(key) === fresh) kept.delete(key);
        },
      );
      return value;
    },
    peek(key) {
      const entry = kept.get(key);
      return entry && performance.now() - entry.at < keepMs ? entry.known : undefined;
    },
    drop(key) {
      kept.delete(key);
    },
    clear() {
      kept.clear();
    },
  };
}
