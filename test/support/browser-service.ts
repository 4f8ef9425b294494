/**
 * Debian's Chromium and the service (no keys or limits: a browser test sends far more than an anonymous
 * caller's ten requests a minute) for a test file's browser tests, started before them and stopped after.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { testApp } from './app.js';
import { watchPage } from './calculator.js';
import { launchChromium } from './chromium.js';
import { listen, type Listening } from './listen.js';

export interface BrowserAndService {
  readonly browser: Browser;
  readonly service: Listening;
  /** A page at 1280 x 900 whose errors a failing wait reports. */
  newPage(): Promise<Page>;
}

export function browserAndService(): BrowserAndService {
  let browser: Browser | undefined;
  let service: Listening | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
    service = await listen((baseUrl) => testApp({ baseUrl }));
  });
  afterAll(async () => {
    await browser?.close();
    await service?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the browser and the service start before the tests');
    return value;
  };
  return {
    get browser() {
      return started(browser);
    },
    get service() {
      return started(service);
    },
    async newPage() {
      const page = await started(browser).newPage({ viewport: { width: 1280, height: 900 } });
      watchPage(page);
      return page;
    },
  };
}
