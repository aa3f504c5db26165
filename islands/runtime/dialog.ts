/**
 * Server-rendered dialogs: <button data-action="dialog" data-url="/admin/orders/7"> opens
 * the URL's 'dialog' region in a modal <dialog>. Opened again before the first arrived,
 * the dialog shows the last one asked for; closed, it drops its content and loads.
 */
import { unmountIslands } from './islands';
import { cancelLoads, findRegion, runLoad, swapRegion, updateStaleNotice } from './partials';

const DIALOG_REGION = 'dialog';

let serverDialog: HTMLDialogElement | null = null;

function dialogElement(): HTMLDialogElement {
  if (serverDialog) return serverDialog;
  const dialog = document.createElement('dialog');
  dialog.className = 'dd-dialog dd-server-dialog';
  dialog.addEventListener('close', () => {
    cancelLoads(DIALOG_REGION);
    unmountIslands(dialog);
    dialog.replaceChildren();
    updateStaleNotice();
  });
  // A click on the backdrop (the dialog box itself, outside its content) closes it.
  dialog.addEventListener('click', (event) => event.target === dialog && dialog.close());
  document.body.append(dialog);
  return (serverDialog = dialog);
}

export function openServerDialog(url: string): Promise<void> {
  return runLoad(DIALOG_REGION, url, 'navigate', (reply) => {
    if (reply.type !== 'content') return;
    const dialog = dialogElement();
    const shown = findRegion(DIALOG_REGION);
    if (shown && dialog.contains(shown)) {
      swapRegion(shown, reply.region, { navigation: true });
    } else {
      // Into an empty dialog the region goes in place of a placeholder, swapped like any
      // other so its islands hydrate and its poll starts.
      const placeholder = document.createElement('div');
      dialog.replaceChildren(placeholder);
      swapRegion(placeholder, reply.region);
    }
    const label = dialog.querySelector('[data-dialog-title]');
    if (label?.id) dialog.setAttribute('aria-labelledby', label.id);
    if (!dialog.open) dialog.showModal();
  });
}

function onClick(event: MouseEvent): void {
  const target = event.target as Element;
  if (target.closest('[data-close-dialog]')) {
    target.closest('dialog')?.close();
    return;
  }
  // The innermost action is the one meant (a row that opens a dialog may hold an API button).
  const opener = target.closest<HTMLElement>('[data-action]');
  if (opener?.dataset.action !== 'dialog' || (opener as HTMLButtonElement).disabled) return;
  event.preventDefault();
  void openServerDialog(opener.dataset.url!);
}

/** Wires dialogs to the page; `signal` unwires them (tests start them afresh). */
export function startDialogs(signal?: AbortSignal): void {
  document.addEventListener('click', onClick, { signal });
}
