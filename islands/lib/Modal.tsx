/**
 * A modal dialog (Radix: focus trap, Escape, screen-reader labelling) in the app's style.
 *
 * Focus goes back to the control that opened it when it closes (issue 14). Radix does that
 * only for its own Trigger; these dialogs are opened from server-rendered buttons, and a
 * polled list may have replaced the button meanwhile, so the dialog remembers the opener
 * and, if it is gone, focuses its replacement: the same action for the same payload.
 */
import { Dialog } from 'radix-ui';
import { useRef, type ReactNode } from 'react';
import { CloseIcon } from '../../src/shared/icons';

function opener(): HTMLElement | null {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}

function returnFocusTo(element: HTMLElement | null): boolean {
  if (!element) return false;
  let target: HTMLElement | null = element;
  if (!element.isConnected) {
    const { action, payload } = element.dataset;
    target = action
      ? document.querySelector<HTMLElement>(`[data-action="${CSS.escape(action)}"]${payload ? `[data-payload="${CSS.escape(payload)}"]` : ''}`)
      : element.id
        ? document.getElementById(element.id)
        : null;
  }
  if (!target) return false;
  target.focus();
  return true;
}

export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  wide = false,
  initialFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  wide?: boolean;
  /** A selector of the control focused on opening, instead of the first one: where the dialog was opened to mend. */
  initialFocus?: string;
}) {
  const content = useRef<HTMLDivElement>(null);
  const openedFrom = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  // Read while rendering the opening: by the time an effect runs, the dialog holds focus.
  if (open && !wasOpen.current) openedFrom.current = opener();
  wasOpen.current = open;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content
          ref={content}
          className={`fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg border border-slate-200 bg-white p-6 shadow-xl ${
            wide ? 'max-w-3xl' : 'max-w-lg'
          }`}
          onOpenAutoFocus={(event) => {
            const target = initialFocus ? content.current?.querySelector<HTMLElement>(initialFocus) : null;
            if (!target) return;
            event.preventDefault();
            target.focus();
          }}
          onCloseAutoFocus={(event) => {
            if (returnFocusTo(openedFrom.current)) event.preventDefault();
            openedFrom.current = null;
          }}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="mb-4 pr-8">
            <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
            {description ? <Dialog.Description className="mt-1 text-sm text-slate-600">{description}</Dialog.Description> : null}
          </div>
          {children}
          <Dialog.Close className="btn btn-ghost absolute top-3 right-3 h-8 w-8 px-0" aria-label="Close">
            <CloseIcon />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
