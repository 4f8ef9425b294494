/**
 * An HTTP route's JSON answer waits in its engine thread's shared memory (ts/server/compute/shared-answers.ts)
 * until the response is sent: a slot is held from the thread's writing to the main thread's `done`, a held slot is
 * never written, an answer that does not fit moves as before, and over HTTP every answer comes that way, its slot
 * freed after each response (more requests than a thread has slots), the same answer as the engine inline gives.
 */
import request from 'supertest';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadEngine } from '../../ts/engine/node.js';
import { InlineCompute } from '../../ts/server/compute/inline.js';
import { EnginePool } from '../../ts/server/compute/pool.js';
import { ANSWER_SLOT_BYTES, ANSWER_SLOTS, AnswerSlots, SharedAnswerViews } from '../../ts/server/compute/shared-answers.js';
import { loadSectionLibrary } from '../../ts/server/section-files.js';
import { testApp, withoutTiming } from '../support/app.js';
import { SIMPLE_BEAM } from '../support/models.js';

const text = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
const utf8 = new TextEncoder();

describe("an engine thread's answer slots", () => {
  it('hold an answer from its writing to its done, and take no other meanwhile', () => {
    const slots = new AnswerSlots();
    const views = new SharedAnswerViews();
    const held = Array.from({ length: ANSWER_SLOTS }, (_, k) => {
      const placed = slots.place(utf8.encode(`{"answer":${k},"é":true}`))!;
      // the memory crosses with the first answer only
      expect(placed.memory !== undefined).toBe(k === 0);
      return views.receive(placed);
    });
    held.forEach(({ bytes }, k) => expect(text(bytes)).toBe(`{"answer":${k},"é":true}`));
    // every slot held: the next answer moves as before
    expect(slots.place(utf8.encode('{}'))).toBeUndefined();
    held[2]!.done();
    held[2]!.done();
    const again = slots.place(utf8.encode('{"again":true}'))!;
    expect(again.slot).toBe(2);
    expect(text(views.receive(again).bytes)).toBe('{"again":true}');
    // the answers in the other slots are untouched
    expect(text(held[1]!.bytes)).toBe('{"answer":1,"é":true}');
    expect(text(held[3]!.bytes)).toBe('{"answer":3,"é":true}');
  });

  it('leave an answer longer than a slot to move', () => {
    expect(new AnswerSlots().place(new Uint8Array(ANSWER_SLOT_BYTES + 1))).toBeUndefined();
  });
});

describe('answers over HTTP from a pool', () => {
  const pool = new EnginePool({ threads: 1 });
  afterAll(() => pool.close());

  it('come through shared memory, each slot freed once its response is sent, as the engine inline answers', async () => {
    const engine = await loadEngine();
    const inline = (await testApp({ compute: new InlineCompute({ engine, sections: loadSectionLibrary() }) })).callback();
    const pooled = (await testApp({ compute: pool })).callback();
    const want = await request(inline).post('/v1/beam/solve').send(SIMPLE_BEAM);
    // SIMPLE_BEAM: wL/2 = 10 kN/m x 6 m / 2 = 30 kN up at each end
    expect(want.body.reactions.map((r: { vertical: number }) => r.vertical)).toEqual([30, 30]);

    const receive = vi.spyOn(SharedAnswerViews.prototype, 'receive');
    const requests = 3 * ANSWER_SLOTS;
    for (let k = 0; k < requests; k++) {
      const got = await request(pooled).post('/v1/beam/solve').send(SIMPLE_BEAM);
      expect(got.status).toBe(200);
      expect(withoutTiming(got.body)).toEqual(withoutTiming(want.body));
    }
    // a slot never freed would have left later answers to move instead
    expect(receive).toHaveBeenCalledTimes(requests);
    receive.mockRestore();
  });
});
