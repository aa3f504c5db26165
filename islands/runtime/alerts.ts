/**
 * The dispatcher's alerts (issue 14, decision W8), part of the page runtime so an
 * admin page needs no React for them: the header's "Alerts off/on" button
 * ([data-dispatch-alerts]). Opt-in: turned on (a click, which also lets the page play sound),
 * it keeps the admins' alert socket open and, for each new order or missed pickup, plays a
 * short tone, shows a browser notification when the tab is in the background (if the browser
 * allows it), and a toast. The choice is remembered in this browser.
 */
import { ALERT_TITLES, alertAction, alertText, type DispatchAlert } from '../../src/domain/live';
import { toast } from '../lib/events';
import { playTone, unlockTone } from '../lib/tone';
import { connectLive } from '../lib/tracking/liveSocket';

const STORAGE_KEY = 'dispatch-alerts';
/** An alert stays this long (paused while hovered or focused): it is work, not a confirmation. */
const ALERT_TOAST_MS = 20_000;

/** "1:10 PM" in the zone the page was rendered in. */
function clock(time: number): string {
  const timeZone = document.documentElement.dataset.tz || undefined;
  return new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone }).format(time);
}

/** An alert that needs the dispatcher (anything but a new order) is on screen. */
function urgentAlertShown(): boolean {
  const title = document.querySelector('.toast[data-state="open"] .toast-title')?.textContent;
  return title != null && title !== ALERT_TITLES.new_order && Object.values(ALERT_TITLES).includes(title);
}

export function startDispatchAlerts(): void {
  const button = document.querySelector<HTMLButtonElement>('[data-dispatch-alerts]');
  if (!button) return;
  let close: (() => void) | null = null;

  const announce = (alert: DispatchAlert) => {
    // In a rush a new order comes every few seconds: it must not replace an alert that needs the dispatcher (the queue shows it anyway).
    if (alert.kind === 'new_order' && urgentAlertShown()) return;
    const text = alertText(alert, clock);
    playTone();
    if (document.visibilityState === 'hidden' && 'Notification' in window && Notification.permission === 'granted') {
      const notification = new Notification('Dispatch', { body: text, tag: `dispatch-${alert.kind}` });
      notification.onclick = () => {
        window.focus();
        window.location.assign(alertAction(alert).href);
      };
    }
    toast({ title: ALERT_TITLES[alert.kind], description: text, action: alertAction(alert), durationMs: ALERT_TOAST_MS });
  };

  const show = (on: boolean, state: string) => {
    button.setAttribute('aria-pressed', String(on));
    button.dataset.alertsState = on ? state : 'off';
    button.textContent = on ? 'Alerts on' : 'Alerts off';
    button.title = on
      ? state === 'live'
        ? 'Alerts on: new orders, orders given back, missed pickups, unanswered offers and failed deliveries sound and notify'
        : 'Alerts on: reconnecting…'
      : 'Turn on alerts for new orders and missed pickups';
  };

  const turn = (on: boolean) => {
    close?.();
    close = on ? connectLive('alerts', announce, (state) => show(true, state)) : null;
    show(on, 'connecting');
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
