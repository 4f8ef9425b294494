/**
 * Where an engine thread leaves an HTTP route's JSON answer: in shared memory the thread made once, rather than in
 * a buffer of its own that moves to the main thread. Every buffer that arrives on the main thread counts toward
 * V8's external memory there, and with the main thread's heap (the whole app, ~35 MB) rarely scavenged, the
 * 300-node truss's 77 KB answers set off a full collection of that heap every hundred-odd requests, whose marking
 * on V8's helper threads took as much CPU as the main thread itself: it was what kept two engine threads on two
 * cores from 1.6 times one's rate (bench/pool.ts; docs/architecture.md). A view over shared memory is no new
 * buffer: the main thread's heap then sees no full collection in a whole run.
 *
 * A thread holds a few slots; it takes a free one for an answer that fits, and the main thread frees it once the
 * response is sent (the socket may still be reading the bytes until then). An answer that does not fit, or that
 * finds every slot held (responses still being written), moves as before and is freed once sent (release.ts).
 * The memory belongs to the thread: one that is ended or replaced leaves its slots behind with it, so no slot is
 * ever written by a thread the main thread has given up on.
 */
import { threadId } from 'node:worker_threads';

/** Answer slots per engine thread: a running task's, and those of responses still being written. */
export const ANSWER_SLOTS = 4;
/** The largest answer a slot holds (a 300-node truss's is 77 KB; a large frame's with combinations, megabytes, moves). */
export const ANSWER_SLOT_BYTES = 1024 * 1024;

/** An answer left in a thread's slot, as it crosses to the main thread; the thread's memory rides along once. */
export interface SharedAnswer {
  kind: 'shared';
  thread: number;
  slot: number;
  length: number;
  memory?: SharedArrayBuffer;
}

/** The slot's state word: 0 free, 1 held. Only the thread takes a slot and only the main thread frees it. */
const FREE = 0;
const HELD = 1;

/** Offsets: the slots' state words, then the slots. */
const slotOffset = (slot: number) => 4 * ANSWER_SLOTS + slot * ANSWER_SLOT_BYTES;

/** A thread's slots (thread side). */
export class AnswerSlots {
  private readonly memory = new SharedArrayBuffer(slotOffset(ANSWER_SLOTS));
  private readonly states = new Int32Array(this.memory, 0, ANSWER_SLOTS);
  private introduced = false;

  /** The answer written into a free slot, or undefined when it does not fit or every slot is held. */
  place(bytes: Uint8Array): SharedAnswer | undefined {
    if (bytes.byteLength > ANSWER_SLOT_BYTES) return undefined;
    for (let slot = 0; slot < ANSWER_SLOTS; slot++) {
      if (Atomics.load(this.states, slot) !== FREE) continue;
      Atomics.store(this.states, slot, HELD);
      new Uint8Array(this.memory, slotOffset(slot), bytes.byteLength).set(bytes);
      const answer: SharedAnswer = { kind: 'shared', thread: threadId, slot, length: bytes.byteLength };
      // the main thread keeps the memory from the first answer on: a shared buffer sent again would arrive as
      // a new buffer object each time
      if (!this.introduced) {
        answer.memory = this.memory;
        this.introduced = true;
      }
      return answer;
    }
    return undefined;
  }
}

/** The threads' slot memory as the main thread knows it, by thread id (main thread side). */
export class SharedAnswerViews {
  private readonly memories = new Map<number, { memory: SharedArrayBuffer; states: Int32Array }>();

  /** The answer's bytes (a view, no copy) and the call that frees its slot once they are sent. */
  receive(answer: SharedAnswer): { bytes: Uint8Array; done: () => void } {
    if (answer.memory) this.memories.set(answer.thread, { memory: answer.memory, states: new Int32Array(answer.memory, 0, ANSWER_SLOTS) });
    const known = this.memories.get(answer.thread);
    if (!known) throw new Error(`an answer from engine thread ${answer.thread}, whose memory never arrived`);
    const bytes = new Uint8Array(known.memory, slotOffset(answer.slot), answer.length);
    let freed = false;
    return {
      bytes,
      done: () => {
        if (freed) return;
        freed = true;
        Atomics.store(known.states, answer.slot, FREE);
      },
    };
  }

  /** A thread that is gone: its memory is dropped once the answers still being sent from it are. */
  forget(thread: number): void {
    this.memories.delete(thread);
  }
}
