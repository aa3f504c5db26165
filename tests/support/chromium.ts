import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Flags that keep Chromium off the network this machine does not have (browser tests and the bench's idle screens). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

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
