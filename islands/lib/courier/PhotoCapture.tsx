/**
 * Taking photos (spec 3-courier-area.md §2.12): the rear camera, image files only, at most `max`, each
 * fitted within 1200×1200 as JPEG 0.7 and uploaded at once through the outbox, with a
 * progress bar. A photo that cannot be sent yet waits on the phone ("Waiting to sync").
 */
import { useId, useRef, useState } from 'react';
import { errorToast } from '../events';
import { CloseIcon } from '../../../src/shared/icons';
import { CameraIcon, CheckIcon } from './icons';
import { isUploaded, photoSrc, photoUrlOf, useOutbox } from './outbox';
import { PROGRESS } from './format';
import { isImageFile, toJpeg } from './photos';

export interface PhotoCaptureProps {
  /** URLs or local names (outbox.ts) of the photos taken so far. */
  photos: string[];
  max: number;
  onChange: (photos: string[]) => void;
  /** Starts the upload of a processed photo; answers its local name. */
  upload: (photo: Blob) => Promise<string>;
  label?: string;
  /** Empty slots shown as placeholders ("4 photo slots"). */
  slots?: boolean;
}

export function PhotoCapture({ photos, max, onChange, upload, label = 'Take Photo', slots = false }: PhotoCaptureProps) {
  const input = useRef<HTMLInputElement>(null);
  const [processing, setProcessing] = useState(false);
  const { entries, progress } = useOutbox();
  const counterId = useId();

  async function take(files: File[]) {
    if (files.length === 0) return;
    if (files.some((file) => !isImageFile(file))) return errorToast('Please select an image file', 'Invalid file format');
    if (photos.length + files.length > max) return errorToast(`Maximum number of photos: ${max}`, 'Too many photos');
    setProcessing(true);
    try {
      const added: string[] = [];
      for (const file of files) added.push(await upload(await toJpeg(file)));
      onChange([...photos, ...added]);
    } catch {
      errorToast('Please select an image file', 'Invalid file format');
    } finally {
      setProcessing(false);
    }
  }

  const statusOf = (photo: string) => {
    if (isUploaded(photo)) return { uploaded: true, progress: null };
    const url = photoUrlOf(photo);
    const entry = entries.find((candidate) => candidate.photoRef === url);
    return { uploaded: false, progress: entry ? (progress.get(entry.key) ?? null) : null };
  };

  const shown = slots ? Array.from({ length: max }, (_, i) => photos[i] ?? null) : photos;
  return (
    <div>
      <p id={counterId} className="text-sm text-slate-600" aria-live="polite">
        {photos.length} of {max} photos
      </p>
      {shown.length ? (
        <ul className="mt-2 grid grid-cols-2 gap-2" aria-label="Photos">
          {shown.map((photo, i) => {
            if (!photo) {
              return (
                <li
                  key={`slot-${i}`}
                  className="flex aspect-square items-center justify-center rounded-md border-2 border-dashed border-slate-300 text-sm text-slate-600"
                >
                  Photo {i + 1}
                </li>
              );
            }
            const src = photoSrc(photo, entries);
            const status = statusOf(photo);
            return (
              <li key={photo} className="relative overflow-hidden rounded-md border border-slate-200 bg-slate-100">
                {src ? (
                  <img src={src} alt={`Taken ${i + 1} of ${photos.length}`} className="aspect-square w-full object-cover" />
                ) : (
                  <div className="aspect-square" />
                )}
                <button
                  type="button"
                  className="absolute top-1 right-1 flex h-11 w-11 items-center justify-center rounded-full bg-slate-900/80 text-white"
                  aria-label={`Remove photo ${i + 1}`}
                  onClick={() => onChange(photos.filter((candidate) => candidate !== photo))}
                >
                  <CloseIcon width={16} height={16} />
                </button>
                <div className="absolute inset-x-0 bottom-0 bg-white/90 px-2 py-1 text-xs">
                  {status.uploaded ? (
                    <span className="flex items-center gap-1 text-emerald-700">
                      <CheckIcon width={14} height={14} /> Uploaded
                    </span>
                  ) : status.progress != null ? (
                    <progress className={`h-2 w-full ${PROGRESS}`} max={1} value={status.progress} aria-label={`Uploading photo ${i + 1}`} />
                  ) : (
                    <span className="text-amber-700">Waiting to sync</span>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      ) : null}
      <input
        ref={input}
        type="file"
        accept="image/*"
        capture="environment"
        multiple={max > 1}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])];
          event.currentTarget.value = '';
          void take(files);
        }}
      />
      <button
        type="button"
        className="btn btn-outline mt-3 h-12 w-full"
        aria-describedby={counterId}
        disabled={processing || photos.length >= max}
        onClick={() => input.current?.click()}
      >
        <CameraIcon /> {processing ? 'Processing...' : label}
      </button>
    </div>
  );
}
