import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Browser tests need Debian's Chromium; say how to get it rather than fail obscurely. */
export function assertChromium(): void {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is missing at ${CHROMIUM_PATH}; the browser tests need it.\n` +
        'Install it with:  sudo apt-get update && sudo apt-get install -y chromium\n' +
        '(.ci/run does this on CI.)',
    );
  }
}
