/**
 * The browser's offer to install the courier app (issue 27): Chromium fires
 * `beforeinstallprompt` once, early, when the app can be installed. The runtime keeps it
 * (the island that shows "Install app" may hydrate later) and says when it came or went.
 */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export const INSTALL_CHANGED = 'dd:install-changed';

/**
 * Kept on the window: the runtime and the island are separate bundles, each with its own
 * copy of this module (read when called: the server renders the island too, without a window).
 */
const holder = () => window as unknown as { ddInstallOffer?: InstallPromptEvent | null };

/** Called once by the runtime: keeps the browser's offer instead of its own mini-infobar. */
export function keepInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    holder().ddInstallOffer = event as InstallPromptEvent;
    window.dispatchEvent(new Event(INSTALL_CHANGED));
  });
  window.addEventListener('appinstalled', () => {
    holder().ddInstallOffer = null;
    window.dispatchEvent(new Event(INSTALL_CHANGED));
  });
}

export const installOffer = (): InstallPromptEvent | null => holder().ddInstallOffer ?? null;

/** Shows the browser's install dialog; the offer is spent either way. */
export async function install(): Promise<boolean> {
  const offer = installOffer();
  if (!offer) return false;
  holder().ddInstallOffer = null;
  await offer.prompt();
  const { outcome } = await offer.userChoice;
  window.dispatchEvent(new Event(INSTALL_CHANGED));
  return outcome === 'accepted';
}
