/**
 * The dispatcher's alerts (issue 14, decision W8), part of the page runtime so an
 * admin page needs no React for them: the header's "Alerts off/on" button
 * ([data-dispatch-alerts]). Opt-in: turned on (a click, which also lets the page play sound),
 * it keeps the admins' alert socket open (./alertFeed.ts, loaded then) and, for each alert,
 * plays a short tone, shows a browser notification when the tab is in the background (if the
 * browser allows it), and a toast. The choice is remembered in this browser.
 */
import { unlockTone } from '../lib/tone';

const STORAGE_KEY = 'dispatch-alerts';

export function startDispatchAlerts(): void {
  const button = document.querySelector<HTMLButtonElement>('[data-dispatch-alerts]');
  if (!button) return;
  let close: (() => void) | null = null;

  const show = (on: boolean, state: string) => {
    button.setAttribute('aria-pressed', String(on));
    button.dataset.alertsState = on ? state : 'off';
    button.textContent = on ? 'Alerts on' : 'Alerts off';
    button.title = on
      ? state === 'live'
        ? 'Alerts on: new orders, orders given back, missed pickups, unanswered offers and failed deliveries sound and notify'
        : 'Alerts on: reconnecting…'
      : 'Turn on alerts for new orders and the orders that need you';
  };

  // The socket and the alerts' words load only once alerts are on: most pages of most days never need them.
  let turnedOn = 0;
  const turn = (on: boolean) => {
    close?.();
    close = null;
    const attempt = ++turnedOn;
    show(on, 'connecting');
    if (on)
      void import('./alertFeed').then(({ listenForAlerts }) => {
        if (attempt === turnedOn) close = listenForAlerts((state) => show(true, state));
      });
  };

  button.addEventListener('click', async () => {
    const on = button.getAttribute('aria-pressed') !== 'true';
    if (on) {
      unlockTone();
      if ('Notification' in window && Notification.permission === 'default') await Notification.requestPermission();
    }
    localStorage.setItem(STORAGE_KEY, on ? 'on' : 'off');
    turn(on);
  });
  turn(localStorage.getItem(STORAGE_KEY) === 'on');
}
