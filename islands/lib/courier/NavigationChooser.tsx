/**
 * "Choose Navigation Option" (spec 3-courier-area.md §2.10): driving directions in the phone's own maps
 * app (the chooser closes after 500 ms), or an address search in Google Maps in a new
 * tab, centred on the service city. Addresses without the city or state get them added.
 */
import { devicePlatform, nativeMaps, navigationAddress, WEB_MAPS_NAME, webMapsUrl } from '../../../src/domain/courierFlow';
import { errorToast } from '../events';
import { Dialog } from './Dialog';

const NATIVE_CLOSE_DELAY_MS = 500;

export function NavigationChooser({ address, onClose }: { address: string | null; onClose: () => void }) {
  const native = nativeMaps(address ?? '', typeof navigator === 'undefined' ? 'other' : devicePlatform(navigator.userAgent));

  function openNative() {
    try {
      // The app schemes leave the page; on a computer the "app" is the web directions.
      if (native.url.startsWith('http')) {
        if (!window.open(native.url, '_blank')) throw new Error('blocked');
      } else {
        window.location.href = native.url;
      }
      window.setTimeout(onClose, NATIVE_CLOSE_DELAY_MS);
    } catch {
      errorToast(`Could not open ${native.name}. Please try ${WEB_MAPS_NAME} instead.`, 'Navigation failed');
    }
  }

  function openWeb() {
    const opened = window.open(webMapsUrl(address ?? ''), '_blank');
    if (!opened) {
      errorToast(`Could not open ${WEB_MAPS_NAME}. Please try manually.`, 'Navigation failed');
      return;
    }
    opened.opener = null;
    onClose();
  }

  return (
    <Dialog open={address != null} title="Choose Navigation Option" onClose={onClose}>
      <p className="mt-2 text-sm text-slate-700">
        <span className="font-medium">Address:</span> {address ? navigationAddress(address) : ''}
      </p>
      <div className="mt-5 grid gap-2">
        <button type="button" className="btn btn-brand h-12" onClick={openNative}>
          Open in {native.name}
        </button>
        <button type="button" className="btn btn-outline h-12" onClick={openWeb}>
          Open in {WEB_MAPS_NAME}
        </button>
        <button type="button" className="btn btn-ghost h-11" onClick={onClose}>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}
