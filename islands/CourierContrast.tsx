/**
 * "High contrast" in the courier menu (decision F13): black text, heavier borders and darker
 * buttons for reading in bright sun. Kept on the phone and applied on every courier page.
 */
import { useEffect, useState } from 'react';

const CONTRAST_KEY = 'courier-contrast';

const apply = (high: boolean) => {
  if (high) document.documentElement.dataset.contrast = 'high';
  else delete document.documentElement.dataset.contrast;
};

export default function CourierContrast() {
  const [high, setHigh] = useState(false);
  useEffect(() => {
    const stored = localStorage.getItem(CONTRAST_KEY) === 'high';
    setHigh(stored);
    apply(stored);
  }, []);
  function toggle() {
    const next = !high;
    localStorage.setItem(CONTRAST_KEY, next ? 'high' : 'normal');
    setHigh(next);
    apply(next);
  }
  return (
    <button type="button" role="switch" aria-checked={high} className="btn btn-outline mt-2 h-11 w-full justify-between" onClick={toggle}>
      High contrast <span aria-hidden="true">{high ? 'On' : 'Off'}</span>
    </button>
  );
}
