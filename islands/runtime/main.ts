/** The page runtime: loaded by every page, small, no React. */
import { EVENTS, type ToastDetail } from '../lib/events';
import { keepInstallPrompt } from '../lib/installPrompt';
import { startActions } from './actions';
import { startDispatchAlerts } from './alerts';
import { startDialogs } from './dialog';
import { hydrateIslands } from './islands';
import { startPartials } from './partials';
import { reportTimeZone } from './timezone';
import { showToast } from './toast';

window.addEventListener(EVENTS.toast, (event) => showToast((event as CustomEvent<ToastDetail>).detail));

// A photo that fails to load shows a placeholder instead (spec 1-foundations-and-admin.md §8.3). 'error' does not
// bubble, so it is caught on the way down; inline onerror handlers would break the CSP.
document.addEventListener(
  'error',
  (event) => {
    const image = event.target as HTMLImageElement;
    if (image instanceof HTMLImageElement && image.dataset.fallback && !image.src.endsWith(image.dataset.fallback)) {
      image.src = image.dataset.fallback;
    }
  },
  true,
);
keepInstallPrompt();
reportTimeZone();
startActions();
startDialogs();
startPartials();
startDispatchAlerts();
hydrateIslands();
