import { useEffect, useState } from 'react';

/**
 * The clock, starting from the server's (so the first render matches the server's
 * markup) and then the phone's, re-read every `everyMs` (windows are rechecked every 60 s).
 */
export function useNow(serverNow: number, everyMs = 60_000): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
