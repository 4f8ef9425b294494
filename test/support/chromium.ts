/**
 * Debian's Chromium (`make system-deps` installs the `chromium` package) driven by playwright-core, which
 * brings no browser of its own: the calculator's browser tests, its screenshots and its bench launch it here.
 */
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';

/** Where Debian puts the browser: its launcher script on PATH (/usr/bin/chromium), else the binary itself. */
const DEBIAN_LIB = '/usr/lib/chromium/chromium';

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The Chromium executable: $CHROMIUM_PATH when set, else `chromium` on PATH, else Debian's library folder. */
export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.CHROMIUM_PATH) {
    if (!executable(env.CHROMIUM_PATH)) throw new Error(`CHROMIUM_PATH=${env.CHROMIUM_PATH} is not an executable file`);
    return env.CHROMIUM_PATH;
  }
  const onPath = (env.PATH ?? '')
    .split(delimiter)
    .filter(Boolean)
    .map((dir) => join(dir, 'chromium'));
  const found = [...onPath, DEBIAN_LIB].find(executable);
  if (found === undefined) {
    throw new Error("Chromium not found: Debian's `chromium` package is not installed (`make system-deps` installs it)");
  }
  return found;
}

/**
 * A headless Chromium (with command-line `args` added to playwright's own); launching is bounded, so a
 * browser that cannot start fails the caller instead of hanging it.
 */
export function launchChromium(args: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, timeout: 30_000, args });
}
