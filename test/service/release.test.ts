/**
 * Issue 38: an answer's bytes go back to the allocator once they are sent (ts/server/compute/release.ts), not at
 * the main thread's next full collection; only buffers the view owns whole and that are not small are released.
 */
import { setImmediate as turn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { release, RELEASE_MIN_BYTES } from '../../ts/server/compute/release.js';

const MIB = 2 ** 20;

describe('release', () => {
  it('detaches a large buffer and frees its memory when the event loop turns', async () => {
    // 32 MiB, far above what the test's own allocations move arrayBuffers by between two readings
    const bytes = new Uint8Array(32 * MIB).fill(1);
    const held = process.memoryUsage().arrayBuffers;
    release(bytes);
    expect(bytes.byteLength).toBe(0);
    await turn();
    await turn();
    expect(held - process.memoryUsage().arrayBuffers).toBeGreaterThanOrEqual(31 * MIB);
  });

  it('leaves a buffer below the threshold, and a view of part of a buffer, as they are', () => {
    const small = new Uint8Array(RELEASE_MIN_BYTES - 1).fill(7);
    release(small);
    expect(small.byteLength).toBe(RELEASE_MIN_BYTES - 1);
    expect(small[0]).toBe(7);
    const whole = new Uint8Array(4 * RELEASE_MIN_BYTES).fill(9);
    const part = whole.subarray(RELEASE_MIN_BYTES);
    release(part);
    expect(whole.byteLength).toBe(4 * RELEASE_MIN_BYTES);
    expect(part[0]).toBe(9);
  });
});
