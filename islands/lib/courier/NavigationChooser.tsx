/**
 * "Choose Navigation Option" (spec 3-courier-area.md §2.10): driving directions in the phone's own maps
 * app (the chooser closes after 500 ms), or a search in Google Maps in a new tab, centred
 * on the service city. The place's coordinates go when they are its address's; else the
 * address, with the service area added only to a bare street (decision F10).
 */
import { devicePlatform, nativeMaps, navigationAddress, WEB_MAPS_NAME, webMapsUrl, type NavigationTarget } from '../../../src/domain/courierFlow';
import { errorToast } from '../events';
import { Dialog } from './Dialog';
import type { CourierOrder, CourierStop } from './types';

export const pickupTarget = (order: CourierOrder): NavigationTarget => ({
  address: order.restaurantAddress,
  latitude: order.pickupLatitude,
  longitude: order.pickupLongitude,
  precision: order.pickupLocationPrecision,
});

export const customerTarget = (order: CourierOrder): NavigationTarget => ({
  address: order.customerAddress,
  latitude: order.customerLatitude,
  longitude: order.customerLongitude,
  precision: order.customerLocationPrecision,
});

export const stopTarget = (stop: CourierStop): NavigationTarget => ({
  address: stop.address,
  latitude: stop.latitude,
  longitude: stop.longitude,
  precision: stop.locationPrecision,
});

const NATIVE_CLOSE_DELAY_MS = 500;

export function NavigationChooser({ target, onClose }: { target: NavigationTarget | null; onClose: () => void }) {
  const native = nativeMaps(target ?? { address: '' }, typeof navigator === 'undefined' ? 'other' : devicePlatform(navigator.userAgent));

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
    const opened = window.open(webMapsUrl(target ?? { address: '' }), '_blank');
    if (!opened) {
      errorToast(`Could not open ${WEB_MAPS_NAME}. Please try manually.`, 'Navigation failed');
      return;
    }
    opened.opener = null;
    onClose();
  }

  return (
    <Dialog open={target != null} title="Choose Navigation Option" onClose={onClose}>
      <p className="mt-2 text-sm text-slate-700">
        <span className="font-medium">Address:</span> {target ? navigationAddress(target.address) : ''}
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
