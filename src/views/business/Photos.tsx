/**
 * Delivery photos as the business sees them (spec 2-business-area.md §2.5, §2.7): thumbnails that
 * enlarge in place with a caption, as native popovers (no script; Escape and a click
 * outside close them). Photos are R2 keys served by /api/photos; a photo that fails to
 * load shows the placeholder (the page runtime watches img[data-fallback]).
 */
import { photoUrl } from '../../db/orders/serialize';

const PLACEHOLDER = '/photo-placeholder.svg';

export function EnlargeablePhoto({ photoKey, popoverId, title, caption }: { photoKey: string; popoverId: string; title: string; caption: string }) {
  const src = photoUrl(photoKey);
  return (
    <figure className="min-w-0">
      <button
        type="button"
        popoverTarget={popoverId}
        className="group block w-full cursor-zoom-in overflow-hidden rounded-md border border-slate-200 bg-slate-50 text-left"
        aria-label={`${title}: click to enlarge`}
      >
        <img src={src} alt={title} loading="lazy" data-fallback={PLACEHOLDER} className="aspect-square w-full object-cover transition group-hover:opacity-90" />
        <span className="block px-2 py-1 text-xs text-slate-600">{caption}</span>
      </button>
      <div
        id={popoverId}
        popover="auto"
        role="dialog"
        aria-label={title}
        className="m-auto max-h-[92dvh] w-[min(92vw,56rem)] overflow-auto rounded-lg border border-slate-200 bg-white p-4 shadow-2xl backdrop:bg-slate-900/70"
      >
        <div className="mb-3 flex items-center justify-between gap-4">
          <p className="font-semibold">{title}</p>
          <button type="button" popoverTarget={popoverId} popoverTargetAction="hide" className="btn btn-ghost btn-sm">
            Close
          </button>
        </div>
        <img src={src} alt={title} data-fallback={PLACEHOLDER} className="mx-auto max-h-[78dvh] w-auto max-w-full rounded" />
      </div>
    </figure>
  );
}

/** 'Refresh Photos' re-reads the order (spec 2-business-area.md §2.5, §2.7) and redraws the dialog if anything changed. */
export function RefreshPhotosButton({ orderId }: { orderId: number }) {
  return (
    <button type="button" className="btn btn-outline btn-sm" data-action="api" data-url={`/api/orders/${orderId}`} data-method="GET" data-refresh="dialog">
      Refresh Photos
    </button>
  );
}

/** Numbered photos in a grid; each enlarges with its own title. */
export function PhotoGrid({
  photos,
  idPrefix,
  title,
  caption,
}: {
  photos: string[];
  idPrefix: string;
  title: (index: number) => string;
  caption: (index: number) => string;
}) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {photos.map((key, index) => (
        <EnlargeablePhoto key={key} photoKey={key} popoverId={`${idPrefix}-${index}`} title={title(index)} caption={caption(index)} />
      ))}
    </div>
  );
}

export function NoPhotos({ hint }: { hint: string }) {
  return (
    <div className="rounded-md border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600">
      <p>No delivery photos available for this order</p>
      <p className="mt-1 text-xs text-slate-500">{hint}</p>
    </div>
  );
}

export function DeliveryNotes({ notes }: { notes: string | null }) {
  if (!notes) return null;
  return (
    <p className="mt-3 text-sm">
      <span className="text-slate-500">Delivery Notes:</span> {notes}
    </p>
  );
}
