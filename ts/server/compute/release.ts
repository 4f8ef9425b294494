/**
 * An answer's bytes given back to the allocator as soon as the socket has taken them. The bytes come from an
 * engine thread, moved rather than copied (an answer too large for the thread's shared slots, or one that found
 * them all held: shared-answers.ts), and are then the main thread's: left to its collector, they would
 * live until its next full collection, and the main thread allocates so little of its own that V8 starts one
 * only once some 64 MB of such memory has piled up (in a service answering 1.84 MB frames one at a time,
 * 5-60 MB of dead answers, swinging with no trend, a sixth of its resident memory).
 */
import { MessageChannel } from 'node:worker_threads';

/** Below this a buffer is left to the collector: its memory is small, and it may be a slice of Node's shared pool. */
export const RELEASE_MIN_BYTES = 64 * 1024;

/**
 * Detaches `bytes`' buffer and frees its memory once the event loop turns, when the view owns the whole buffer
 * and it is at least RELEASE_MIN_BYTES; else leaves it be. Nothing may read `bytes` (or another view of its
 * buffer) afterwards. Node 20 has no `ArrayBuffer.prototype.transfer`: the buffer moves into a message on a
 * channel that is closed unread, which drops the message and its memory with it.
 */
export function release(bytes: Uint8Array): void {
  const { buffer } = bytes;
  const owned = buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength;
  if (!owned || buffer.byteLength < RELEASE_MIN_BYTES) return;
  const { port1, port2 } = new MessageChannel();
  port1.postMessage(null, [buffer]);
  port1.close();
  port2.close();
}
