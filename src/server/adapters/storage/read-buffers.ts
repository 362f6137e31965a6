/**
 * Buffers for small reads, used again once what was read has been sent. A new buffer for every Range
 * request of a player (16–256 kB each, thousands a second) is memory outside V8's heap, and its growth sets
 * off full collections every few hundred milliseconds: the slowest 1 % of those requests waited on them
 * (bench row P6). Sizes are powers of two, so a few sizes serve every read; a size keeps at most
 * `keepBytes` worth of free buffers.
 */
export function createReadBuffers({ smallest = 16 * 1024, largest = 256 * 1024, keepBytes = 4 * 1024 * 1024 } = {}) {
  const free = new Map<number, Buffer[]>();

  function capacityFor(length: number): number {
    let capacity = smallest;
    while (capacity < length) capacity *= 2;
    return capacity;
  }

  return {
    /**
     * A buffer of `length` bytes whose contents are left over from an earlier read (fill it before it is
     * read), and `release`, to call once nothing will read it again. Not calling it is always safe: the
     * buffer is then collected like any other.
     */
    take(length: number): { buffer: Buffer; release: () => void } {
      if (length > largest) return { buffer: Buffer.allocUnsafe(length), release: () => {} };
      const capacity = capacityFor(length);
      const whole = free.get(capacity)?.pop() ?? Buffer.allocUnsafeSlow(capacity);
      let released = false;
      return {
        buffer: whole.subarray(0, length),
        release() {
          if (released) return;
          released = true;
          const list = free.get(capacity) ?? [];
          if (list.length * capacity < keepBytes) list.push(whole);
          free.set(capacity, list);
        },
      };
    },
  };
}
