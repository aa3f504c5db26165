/** A modal dialog (Radix: focus trap, Escape, screen-reader labelling) in the app's style. */
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { CloseIcon } from '../../src/shared/icons';

export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  wide = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content
          className={`fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg border border-slate-200 bg-white p-6 shadow-xl ${
            wide ? 'max-w-3xl' : 'max-w-lg'
          }`}
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
