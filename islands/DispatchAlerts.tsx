/**
 * The dispatcher's alerts (issue 14, docs/decisions.md W8): opt-in, so a console nobody
 * asked to beep stays quiet. Turned on (a click, which also lets the page play sound), it
 * keeps the admins' alert socket open and, for each new order or missed pickup, plays a
 * short tone and shows a browser notification when the tab is in the background (when the
 * browser allows it), and a toast. The choice is remembered on this browser.
 */
import { useEffect, useRef, useState } from 'react';
import { alertText, type DispatchAlert } from '../src/domain/live';
import { toast } from './lib/events';
import { useLiveSocket } from './lib/tracking/useLiveSocket';

const STORAGE_KEY = 'dispatch-alerts';

function beep(audio: AudioContext): void {
  const tone = audio.createOscillator();
  const gain = audio.createGain();
  tone.frequency.value = 880;
  gain.gain.setValueAtTime(0.2, audio.currentTime);
  gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.6);
  tone.connect(gain).connect(audio.destination);
  tone.start();
  tone.stop(audio.currentTime + 0.6);
}

export default function DispatchAlerts() {
  const [on, setOn] = useState(false);
  const audio = useRef<AudioContext | null>(null);

  useEffect(() => setOn(localStorage.getItem(STORAGE_KEY) === 'on'), []);

  const state = useLiveSocket(
    'alerts',
    (alert: DispatchAlert) => {
      const text = alertText(alert);
      if (audio.current) {
        void audio.current.resume().then(() => beep(audio.current!));
      }
      if (document.visibilityState === 'hidden' && 'Notification' in window && Notification.permission === 'granted') {
        new Notification('Dispatch', { body: text, tag: `dispatch-${alert.kind}` });
      }
      toast({ title: alert.kind === 'new_order' ? 'New order' : 'Missed pickup', description: text });
    },
    on,
  );

  async function toggle() {
    const next = !on;
    if (next) {
      audio.current ??= new AudioContext();
      void audio.current.resume();
      if ('Notification' in window && Notification.permission === 'default') await Notification.requestPermission();
    }
    localStorage.setItem(STORAGE_KEY, next ? 'on' : 'off');
    setOn(next);
  }

  return (
    <button
      type="button"
      className="btn btn-ghost btn-sm"
      aria-pressed={on}
      onClick={() => void toggle()}
      title={
        on
          ? state === 'live'
            ? 'Alerts on: new orders and missed pickups sound and notify'
            : 'Alerts on: reconnecting…'
          : 'Turn on alerts for new orders and missed pickups'
      }
      data-alerts-state={on ? state : 'off'}
    >
      {on ? 'Alerts on' : 'Alerts off'}
    </button>
  );
}
