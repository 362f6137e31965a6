/**
 * Answers kept for a moment, by key: what many requests ask within `keepMs` is read once (catalogue pages,
 * decision 0016; sessions, 0019; file checks, 0022). Concurrent asks share one read; a failed read is not
 * kept, so the next ask tries again; past `maxKept` keys the oldest goes first. `keepMs` 0 keeps nothing.
 */
export interface KeptForAMoment<V> {
  get(key: string, read: () => Promise<V>): Promise<V>;
  /** Drops one key: its answer is known to be stale. */
  drop(key: string): void;
  /** Drops every key: after a change that may touch any answer. */
  clear(): void;
}

export function keepForAMoment<V>({ keepMs, maxKept }: { keepMs: number; maxKept: number }): KeptForAMoment<V> {
  const kept = new Map<string, { at: number; value: Promise<V> }>();
  return {
    get(key, read) {
      const now = performance.now();
      const entry = kept.get(key);
      if (entry && now - entry.at < keepMs) return entry.value;
      const value = read();
      // A refreshed key moves to the end, so the first key is always the oldest.
      kept.delete(key);
      if (kept.size >= maxKept) kept.delete(kept.keys().next().value!);
      kept.set(key, { at: now, value });
      value.catch(() => {
        if (kept.get(key)?.value === value) kept.delete(key);
      });
      return value;
    },
    drop(key) {
      kept.delete(key);
    },
    clear() {
      kept.clear();
    },
  };
}
