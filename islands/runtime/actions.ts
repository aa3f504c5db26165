/**
 * Declarative API actions for server-rendered buttons, so simple pages need no island:
 *
 *   <button data-action="api" data-url="/api/orders/7" data-method="PATCH"
 *           data-body='{"status":"cancelled"}' data-confirm="Are you sure…?"
 *           data-confirm-label="Cancel Order" data-cancel-label="Keep Order"
 *           data-success="Order cancelled successfully" data-refresh="orders">
 *
 *   <button data-action="copy" data-copy="https://…/t/…">Copy</button>
 */
import { buildErrorMessage } from '../../src/domain/errors';
import { refreshRegions } from './partials';
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

/** Copies the button's data-copy to the clipboard; where the browser refuses, selects the text beside it for the user to copy. */
async function copyText(button: HTMLButtonElement): Promise<void> {
  const text = button.dataset.copy ?? '';
  try {
    await navigator.clipboard.writeText(text);
    showToast({ title: 'Link copied', description: 'Paste it in a message to the customer.' });
  } catch {
    const field = button.parentElement?.querySelector<HTMLInputElement>('input');
    field?.focus();
    field?.select();
    showToast({ title: 'Copy the link', description: 'The link is selected: copy it with your keyboard or menu.' });
  }
}

export function startActions(): void {
  document.addEventListener('click', (event) => {
    // The innermost action is the one meant (a row that opens a dialog may hold an API button).
    const button = (event.target as Element).closest<HTMLButtonElement>('[data-action]');
    if (!button || button.disabled) return;
    if (button.dataset.action === 'copy') {
      event.preventDefault();
      void copyText(button);
    } else if (button.dataset.action === 'api') {
      event.preventDefault();
      void runApiAction(button);
    }
  });
}
