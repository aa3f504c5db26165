// @vitest-environment happy-dom
/** Server-rendered dialogs in a DOM (happy-dom): the last one asked for is the one shown. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, regionReply, settle } from './fakeServer';

let stop: AbortController;

beforeEach(async () => {
  history.replaceState(null, '', '/admin/orders');
  document.body.innerHTML = `
    <button id="open-7" data-action="dialog" data-url="/admin/orders/7">Order 7</button>
    <button id="open-8" data-action="dialog" data-url="/admin/orders/8">Order 8</button>`;
  vi.resetModules();
  const [{ startDialogs }, { startPartials }] = await Promise.all([import('./dialog'), import('./partials')]);
  stop = new AbortController();
  startPartials(stop.signal);
  startDialogs(stop.signal);
});

afterEach(() => {
  stop.abort();
  document.querySelector('dialog')?.remove();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const dialogText = () => document.querySelector('dialog [data-partial="dialog"]')?.textContent;

describe('server dialogs', () => {
  it('opened twice quickly, show the last one asked for even when the first answer arrives last', async () => {
    const server = fakeServer();
    document.getElementById('open-7')!.click();
    const first = server.last('dialog');
    document.getElementById('open-8')!.click();
    const second = server.last('dialog');
    expect(first.signal.aborted).toBe(true);

    await second.answer(regionReply('dialog', '<h2 id="t8" data-dialog-title>Order #10008</h2>'));
    await first.answer(regionReply('dialog', '<h2 id="t7" data-dialog-title>Order #10007</h2>'));
    const dialog = document.querySelector('dialog')!;
    expect(dialog.open).toBe(true);
    expect(dialogText()).toBe('Order #10008');
    expect(dialog.getAttribute('aria-labelledby')).toBe('t8');
  });

  it('closed while loading, stay closed; closed, drop their content and stop polling it', async () => {
    const server = fakeServer();
    document.getElementById('open-7')!.click();
    await server.last('dialog').answer(regionReply('dialog', '<p>Order #10007</p>', {}, 'data-poll="3000" data-partial-src="/admin/orders/7"'));
    const dialog = document.querySelector('dialog')!;
    expect(dialog.open).toBe(true);

    document.getElementById('open-8')!.click();
    const pending = server.last('dialog');
    dialog.close();
    await settle();
    expect(pending.signal.aborted).toBe(true);
    await pending.answer(regionReply('dialog', '<p>Order #10008</p>'));
    expect(dialog.open).toBe(false);
    expect(dialog.children).toHaveLength(0);
  });

  it('an action inside a row that opens a dialog runs alone', async () => {
    const server = fakeServer();
    document.body.innerHTML = `<table><tr data-action="dialog" data-url="/admin/orders/7"><td><button id="inner" data-action="api" data-url="/api/x">Cancel</button></td></tr></table>`;
    document.getElementById('inner')!.click();
    await settle();
    expect(server.requests.filter((request) => request.headers?.['X-Partial'] === 'dialog')).toHaveLength(0);
  });
});
