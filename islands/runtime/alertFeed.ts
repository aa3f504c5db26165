/**
 * The alerts' socket and what each alert does (issue 29, decision W9), loaded only once the
 * dispatcher turns alerts on (./alerts.ts): a short tone, a browser notification when the tab
 * is in the background, and a toast naming the order with a button that opens it.
 */
import { ALERT_TITLES, alertAction, alertText, type DispatchAlert } from '../../src/domain/live';
import { toast } from '../lib/events';
import { playTone } from '../lib/tone';
import { connectLive, type SocketState } from '../lib/tracking/liveSocket';

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

/** An alert's button keeps the zone the dispatcher works (the queue's ?zone=). */
function keepingZone({ label, href }: { label: string; href: string }): { label: string; href: string } {
  const zone = new URLSearchParams(window.location.search).get('zone');
  const url = new URL(href, window.location.origin);
  if (!zone || url.pathname !== '/admin/orders') return { label, href };
  url.searchParams.set('zone', zone);
  return { label, href: url.pathname + url.search + url.hash };
}

function announce(alert: DispatchAlert): void {
  // In a rush a new order comes every few seconds: it must not replace an alert that needs the dispatcher (the queue shows it anyway).
  if (alert.kind === 'new_order' && urgentAlertShown()) return;
  const text = alertText(alert, clock);
  const action = keepingZone(alertAction(alert));
  playTone();
  if (document.visibilityState === 'hidden' && 'Notification' in window && Notification.permission === 'granted') {
    const notification = new Notification('Dispatch', { body: text, tag: `dispatch-${alert.kind}` });
    notification.onclick = () => {
      window.focus();
      window.location.assign(action.href);
    };
  }
  toast({ title: ALERT_TITLES[alert.kind], description: text, action, durationMs: ALERT_TOAST_MS });
}

/** Opens the alerts socket; answers how to close it. */
export const listenForAlerts = (onState: (state: SocketState) => void): (() => void) => connectLive('alerts', announce, onState);
