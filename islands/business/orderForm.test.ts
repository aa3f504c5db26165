import { afterEach, describe, expect, it, vi } from 'vitest';
import { INVALID_EMAIL } from '../../src/domain/email';
import { ApiRequestError } from '../lib/api';
import { EVENTS } from '../lib/events';
import { createOrder, emailProblem, localToUtc, newOrderTerms, orderCreationMessage, withReason } from './orderForm';

const refused = (status: number, body: unknown) => new ApiRequestError(status, 'refused', body);

describe('the order forms’ shared rules', () => {
  it('start an order at the default times', () => {
    expect(newOrderTerms({ defaultPickup: '2026-03-02T09:00', defaultDelivery: '2026-03-02T10:00' })).toEqual({
      internalOrderNumber: '',
      amount: '',
      tip: '',
      pickup: '2026-03-02T09:00',
      delivery: '2026-03-02T10:00',
    });
  });

  it('send local times as UTC with an offset, and no time as null', () => {
    expect(localToUtc('2026-03-02T09:30')).toBe(new Date(2026, 2, 2, 9, 30).toISOString().replace('.000Z', '+00:00'));
    expect(localToUtc('')).toBeNull();
    expect(localToUtc('2026-03-02T')).toBeNull();
  });

  it('allow no email, refuse one that is not', () => {
    expect(emailProblem(' ')).toBeNull();
    expect(emailProblem(' ann@example.com ')).toBeNull();
    expect(emailProblem('ann@')).toBe(INVALID_EMAIL);
  });

  it('word a failed creation as the spec says: the server’s details, else its fault, else the fallback', () => {
    expect(orderCreationMessage(refused(400, { error: 'Invalid', details: 'Amount is required' }))).toBe('Amount is required');
    expect(orderCreationMessage(refused(400, { error: 'Invalid' }))).toBe('Invalid');
    expect(orderCreationMessage(refused(502, 'Bad Gateway'))).toBe('Failed to create order - server error');
    expect(orderCreationMessage(new Error('offline'))).toBe('Failed to create order');
  });

  it('add the server’s reason to a message', () => {
    expect(withReason('Failed to calculate route', refused(400, { error: 'No such place' }))).toBe('Failed to calculate route: No such place');
    expect(withReason('Please try again.', refused(400, { error: 'No such place' }))).toBe('Please try again. No such place');
    expect(withReason('Failed to calculate route', new Error('offline'))).toBe('Failed to calculate route');
  });
});

describe('createOrder', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  /** A window that records toasts and where it was sent, and a server with one answer. */
  function browser(response: Response) {
    const toasts: unknown[] = [];
    const assign = vi.fn();
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(response)),
    );
    vi.stubGlobal('window', {
      setTimeout,
      location: { assign },
      dispatchEvent: (event: CustomEvent) => {
        if (event.type === EVENTS.toast) toasts.push(event.detail);
      },
    });
    return { toasts, assign };
  }

  it('says it was created, then opens the dashboard once the toast was seen', async () => {
    const { toasts, assign } = browser(new Response('{}', { status: 201 }));
    await expect(createOrder({}, 'Order created successfully!', orderCreationMessage)).resolves.toBe(true);
    expect(toasts).toEqual([{ title: 'Success', description: 'Order created successfully!' }]);
    expect(assign).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(assign).toHaveBeenCalledWith('/restaurant');
  });

  it('shows the failure in the words asked for, and stays', async () => {
    const { toasts, assign } = browser(new Response(JSON.stringify({ error: 'Invalid', details: 'Amount is required' }), { status: 400 }));
    await expect(createOrder({}, 'Order created successfully!', orderCreationMessage)).resolves.toBe(false);
    expect(toasts).toEqual([{ title: 'Error', description: 'Amount is required', variant: 'destructive' }]);
    vi.runAllTimers();
    expect(assign).not.toHaveBeenCalled();
  });
});
