/**
 * A modal dialog on the native <dialog> (focus kept inside, Escape closes, the rest of
 * the page inert), so the courier screens need no dialog library.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';

export function Dialog({ open, title, onClose, children }: { open: boolean; title: string; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    // A click on the backdrop is a pointer shortcut; on the keyboard, Escape closes the dialog.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog ref={ref} className="dd-dialog" aria-labelledby={titleId} onClose={onClose} onClick={(event) => event.target === ref.current && onClose()}>
      {open ? (
        <div className="p-6">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          {children}
        </div>
      ) : null}
    </dialog>
  );
}

/** "Are you sure?" with two answers; the second is the destructive one. */
export function ConfirmDialog({
  open,
  title,
  message,
  keepLabel,
  confirmLabel,
  onKeep,
  onConfirm,
}: {
  open: boolean;
  title: string;
  message: string;
  keepLabel: string;
  confirmLabel: string;
  onKeep: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={open} title={title} onClose={onKeep}>
      <p className="mt-2 text-sm text-slate-700">{message}</p>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn btn-outline h-11" onClick={onKeep}>
          {keepLabel}
        </button>
        <button type="button" className="btn btn-destructive h-11" onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
