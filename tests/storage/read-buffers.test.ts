import { describe, expect, it } from 'vitest';
import { createReadBuffers } from '../../src/server/adapters/storage/read-buffers';

const memoryOf = (buffer: Buffer) => buffer.buffer;

describe('buffers for small reads', () => {
  it('gives a buffer of the length asked for, and after its release the same memory to the next read of that size', () => {
    const buffers = createReadBuffers();
    const first = buffers.take(16_000);
    expect(first.buffer.length).toBe(16_000);
    first.release();
    const second = buffers.take(10_000);
    expect(second.buffer.length).toBe(10_000);
    expect(memoryOf(second.buffer)).toBe(memoryOf(first.buffer));
    // A read of another size takes a buffer of its own size.
    expect(memoryOf(buffers.take(40_000).buffer)).not.toBe(memoryOf(first.buffer));
  });

  it('never gives out memory still in use: unreleased buffers are not handed out again, and a second release is ignored', () => {
    const buffers = createReadBuffers();
    const held = buffers.take(20_000);
    expect(memoryOf(buffers.take(20_000).buffer)).not.toBe(memoryOf(held.buffer));
    held.release();
    held.release();
    const a = buffers.take(20_000);
    const b = buffers.take(20_000);
    expect(memoryOf(a.buffer)).toBe(memoryOf(held.buffer));
    expect(memoryOf(b.buffer)).not.toBe(memoryOf(a.buffer));
  });

  it('keeps no more than its limit of free memory, and does not keep reads larger than its largest size', () => {
    const buffers = createReadBuffers({ smallest: 1024, largest: 4096, keepBytes: 2048 });
    const taken = [buffers.take(1000), buffers.take(1000), buffers.take(1000)];
    for (const t of taken) t.release();
    // Two 1 kB buffers fit the 2 kB limit; the third was let go.
    const again = [buffers.take(1000), buffers.take(1000), buffers.take(1000)].map((t) => memoryOf(t.buffer));
    const before = new Set(taken.map((t) => memoryOf(t.buffer)));
    expect(again.filter((memory) => before.has(memory))).toHaveLength(2);
    const large = buffers.take(5000);
    large.release();
    expect(memoryOf(buffers.take(5000).buffer)).not.toBe(memoryOf(large.buffer));
  });
});
