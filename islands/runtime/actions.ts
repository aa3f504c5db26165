/**
 * Declarative actions for server-rendered buttons, so simple pages need no island:
 *
 *   <button data-action="api" data-url="/api/orders/7" data-method="PATCH"
 *           data-body='{"status":"cancelled"}' data-confirm="Are you sure…?"
 *           data-confirm-label="Cancel Order" data-cancel-label="Keep Order"
 *           data-success="Order cancelled successfully" data-refresh="orders">
 *
 * and server-rendered dialogs: <button data-action="dialog" data-url="/admin/orders/7">
 * opens the response (rendered as the 'dialog' partial) in a modal <dialog>.
 */
import { buildErrorMessage } from '../../src/domain/errors';
import { EVENTS, PARTIAL_HEADER } from '../lib/events';
import { hydrateIslands, unmountIslands } from './islands';
import { refreshRegions, schedulePolls } from './partials';
import { showToast } from './toast';

/** An accessible confirmation (native modal dialog: focus trap, Escape cancels). */
export function confirmAction(message: string, confirmLabel = 'Confirm', cancelLabel = 'Cancel'): Promise<boolean> {
  return new Promise((resolve) => {
    const dialog = document.createElement('dialog');
    dialog.className = 'dd-dialog dd-confirm';
    dialog.setAttribute('aria-labelledby', 'dd-confirm-message');
    dialog.innerHTML = `<form method="dialog" class="dd-confirm-body">
      <p id="dd-confirm-message" class="dd-confirm-message"></p>
      <div class="dd-confirm-actions">
        <button value="cancel" class="btn btn-outline" type="submit"></button>
        <button value="confirm" class="btn btn-destructive" type="submit"></button>
      </div></form>`;
    dialog.querySelector('p')!.textContent = message;
    const [cancel, confirm] = dialog.querySelectorAll('button');
    cancel.textContent = cancelLabel;
    confirm.textContent = confirmLabel;
    dialog.addEventListener('close', () => {
      resolve(dialog.returnValue === 'confirm');
      dialog.remove();
    });
    document.body.append(dialog);
    dialog.showModal();
    cancel.focus();
  });
}

async function runApiAction(button: HTMLButtonElement): Promise<void> {
  const data = button.dataset;
  if (data.confirm && !(await confirmAction(data.confirm, data.confirmLabel ?? 'Confirm', data.cancelLabel ?? 'Cancel'))) return;
  button.disabled = true;
  button.setAttribute('aria-busy', 'true');
  try {
    const response = await fetch(data.url!, {
      method: data.method ?? 'POST',
      credentials: 'same-origin',
      headers: data.body ? { 'Content-Type': 'application/json' } : {},
      body: data.body,
    });
    if (!response.ok) throw new Error(buildErrorMessage(response.status, response.statusText, await response.text()));
    for (const key of (data.clearStorage ?? '').split(',').filter(Boolean)) localStorage.removeItem(key);
    if (data.success) showToast({ title: data.successTitle ?? 'Success', description: data.success });
    if (data.closeDialog !== undefined) (button.closest('dialog') as HTMLDialogElement | null)?.close();
    if (data.refresh) refreshRegions(data.refresh.split(','));
    if (data.navigate) window.location.assign(data.navigate);
  } catch (error) {
    showToast({ title: data.errorTitle ?? 'Error', description: (error as Error).message, variant: 'destructive' });
  } finally {
    button.disabled = false;
    button.removeAttribute('aria-busy');
  }
}

let serverDialog: HTMLDialogElement | null = null;

function dialogElement(): HTMLDialogElement {
  if (serverDialog) return serverDialog;
  serverDialog = document.createElement('dialog');
  serverDialog.className = 'dd-dialog dd-server-dialog';
  serverDialog.addEventListener('close', () => {
    unmountIslands(serverDialog!);
    serverDialog!.replaceChildren();
  });
  // A click on the backdrop (the dialog box itself, outside its content) closes it.
  serverDialog.addEventListener('click', (event) => event.target === serverDialog && serverDialog!.close());
  document.body.append(serverDialog);
  return serverDialog;
}

export async function openServerDialog(url: string): Promise<void> {
  const dialog = dialogElement();
  try {
    const response = await fetch(url, { headers: { [PARTIAL_HEADER]: 'dialog' }, credentials: 'same-origin' });
    if (!response.ok) throw new Error(buildErrorMessage(response.status, response.statusText, await response.text()));
    dialog.innerHTML = await response.text();
    const label = dialog.querySelector('[data-dialog-title]');
    if (label?.id) dialog.setAttribute('aria-labelledby', label.id);
    if (!dialog.open) dialog.showModal();
    hydrateIslands(dialog);
    schedulePolls();
  } catch (error) {
    showToast({ title: 'Error', description: (error as Error).message, variant: 'destructive' });
  }
}

export function startActions(): void {
  document.addEventListener('click', (event) => {
    const target = event.target as Element;
    if (target.closest('[data-close-dialog]')) {
      (target.closest('dialog') as HTMLDialogElement | null)?.close();
      return;
    }
    const button = target.closest<HTMLElement>('[data-action]');
    if (!button || (button as HTMLButtonElement).disabled) return;
    event.preventDefault();
    if (button.dataset.action === 'api') void runApiAction(button as HTMLButtonElement);
    if (button.dataset.action === 'dialog') void openServerDialog(button.dataset.url!);
  });
  window.addEventListener(EVENTS.openDialog, (event) => void openServerDialog((event as CustomEvent<{ url: string }>).detail.url));
}
