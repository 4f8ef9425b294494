/**
 * The calculator's judged edit for the profiling tools (bench/calculator-profile.ts, bench/calculator-trace.ts):
 * the service with the page built, Debian's Chromium at 1280 x 900, the model imported, and the field an edit
 * changes (the first load, as bench/calculator.ts edits it).
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { loadEngine } from '../ts/engine/node.js';
import type { EngineBeamModel } from '../ts/engine/types.js';
import { createApp } from '../ts/server/app.js';
import { loadSectionLibrary } from '../ts/server/section-files.js';
import { importModel, openCalculator, type Kind } from '../test/support/calculator.js';
import { launchChromium } from '../test/support/chromium.js';
import { listen } from '../test/support/listen.js';
import { beamRequest, fixture, latticeRequest } from './requests.js';

export interface EditedPage {
  page: Page;
  kind: Kind;
  /** the JSON pointer of the field the edits change */
  field: string;
  close: () => Promise<void>;
}

/** The page of the 20-span, 200-load beam or the 300-node truss, ready to edit. */
export async function openEditedPage(which: string): Promise<EditedPage> {
  const beam = JSON.parse(readFileSync(fixture('beam-20-span.json'), 'utf8')) as { model: EngineBeamModel };
  const edit =
    which === 'beam'
      ? { kind: 'beam' as const, model: beamRequest(beam.model), field: '/loads/0/magnitude' }
      : { kind: 'truss' as const, model: latticeRequest(), field: '/loads/0/fy' };
  const service = await listen(createApp({ engine: await loadEngine(), sections: loadSectionLibrary(), log: () => {} }));
  const browser = await launchChromium();
  const close = async () => {
    await browser.close();
    await service.close();
  };
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await openCalculator(page, `${service.url}/calculator/${edit.kind}`);
    await importModel(page, edit.model);
    return { page, kind: edit.kind, field: edit.field, close };
  } catch (error) {
    await close();
    throw error;
  }
}
