/**
 * The server shows times in the viewer's zone (America/New_York until it knows). The
 * browser tells it through the tz cookie; a page rendered in another zone is reloaded
 * once so its times are right.
 */
export function reportTimeZone(): void {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!zone) return;
  const cookie = document.cookie.split('; ').find((part) => part.startsWith('tz='));
  if (cookie?.slice(3) !== encodeURIComponent(zone)) {
    document.cookie = `tz=${encodeURIComponent(zone)}; path=/; max-age=31536000; SameSite=Lax`;
  }
  const rendered = document.documentElement.dataset.tz;
  const reloadedKey = 'dd-tz-reloaded';
  if (rendered && rendered !== zone && document.querySelector('[data-time]') && !sessionStorage.getItem(reloadedKey)) {
    sessionStorage.setItem(reloadedKey, '1');
    window.location.reload();
  }
}
