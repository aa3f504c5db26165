import { describe, expect, it } from 'vitest';
import type { AssignPayload } from '../../src/shared/assignPayload';
import {
  asksBeforeTaking,
  assignBody,
  assignDescription,
  assignReducer,
  assignTitle,
  CLOSED,
  isDirty,
  judgePay,
  type AssignAction,
  type AssignState,
} from './assignDialog';

const order: AssignPayload = {
  id: 41,
  orderNumber: 'ORD-0041',
  status: 'new',
  deliveryFee: '30.00',
  tip: '5.00',
  courierFee: null,
  missedBy: null,
  heldBy: null,
  started: false,
};

const run = (...actions: AssignAction[]): AssignState => actions.reduce(assignReducer, CLOSED);

describe('opening the assign dialog', () => {
  it("prefills the order's fee and tip, with no courier chosen", () => {
    expect(run({ type: 'opened', order })).toMatchObject({ fee: '30.00', tip: '5.00', courierId: '', confirmingClose: false });
  });

  it('keeps the fee the dispatcher set last time rather than the order fee (decision W7)', () => {
    expect(run({ type: 'opened', order: { ...order, courierFee: '25.10', tip: '4.95' } })).toMatchObject({ fee: '25.10', tip: '4.95' });
  });

  it('starts again from the order, whatever was chosen or typed before', () => {
    const state = run(
      { type: 'opened', order },
      { type: 'courierChosen', courierId: '9' },
      { type: 'feeTyped', fee: '1' },
      { type: 'closeAsked' },
      { type: 'opened', order },
    );
    expect(state).toMatchObject({ fee: '30.00', courierId: '', confirmingClose: false });
  });

  it('is titled by what happened to the order', () => {
    expect(assignTitle(order)).toBe('Assign Order #ORD-0041');
    expect(assignDescription(order)).toBe('Set courier pay and assign a courier');
    expect(assignTitle({ ...order, status: 'missed_pickup' })).toBe('Reassign Order #ORD-0041 (Missed Pickup)');
    expect(assignDescription({ ...order, status: 'missed_pickup' })).toBe('Previous courier missed pickup. Reassign to a different courier.');
  });
});

describe('the best courier and the courier who has the order', () => {
  it('chooses the best courier once suggested, which closing does not count as a change', () => {
    const state = run({ type: 'opened', order }, { type: 'suggested', courierId: '7' });
    expect(state.courierId).toBe('7');
    expect(isDirty(state)).toBe(false);
    expect(run({ type: 'opened', order }, { type: 'suggested', courierId: '7' }, { type: 'closeAsked' })).toEqual(CLOSED);
  });

  it("never overrides the dispatcher's own choice, and a changed choice asks before closing", () => {
    expect(run({ type: 'opened', order }, { type: 'courierChosen', courierId: '3' }, { type: 'suggested', courierId: '7' }).courierId).toBe('3');
    const changed = run({ type: 'opened', order }, { type: 'suggested', courierId: '7' }, { type: 'courierChosen', courierId: '3' }, { type: 'closeAsked' });
    expect(changed.confirmingClose).toBe(true);
  });

  it('asks before taking an order from a courier who has started it, naming them, for either way out', () => {
    const held = { ...order, status: 'on_way_to_customer' as const, heldBy: 'Sofia Alvarez', started: true };
    const opened = run({ type: 'opened', order: held });
    expect(assignTitle(held)).toBe('Reassign Order #ORD-0041');
    expect(assignDescription(held)).toBe('Now with Sofia Alvarez, who has started it. Choose another courier or offer it to the zone.');
    expect(asksBeforeTaking(held, opened, 'assign')).toBe(true);
    const asked = assignReducer(opened, { type: 'takeAsked', way: 'assign' });
    expect(asksBeforeTaking(held, asked, 'assign')).toBe(false);
    expect(asksBeforeTaking(held, asked, 'offer')).toBe(true);
    expect(assignReducer(asked, { type: 'takeKept' }).confirmingTake).toBeNull();
    expect(asksBeforeTaking({ ...held, started: false, status: 'assigned' }, opened, 'assign')).toBe(false);
    expect(asksBeforeTaking(order, opened, 'assign')).toBe(false);
  });
});

describe('the pay, judged as typed', () => {
  it('totals a valid fee and tip', () => {
    expect(judgePay('12.5', '0.75')).toEqual({ valid: true, errors: {}, problem: null, total: '$13.25' });
    expect(judgePay('0', '0')).toMatchObject({ valid: true, total: '$0.00' });
  });

  it('waits for a blank field without marking it, and says what is missing', () => {
    expect(judgePay('12.5', '')).toEqual({ valid: false, errors: {}, problem: 'Tip must be a valid number', total: 'Enter a fee and a tip' });
    expect(judgePay(' ', '1')).toMatchObject({ valid: false, errors: {}, total: 'Enter a fee and a tip' });
  });

  it('marks an amount that is not to the cent, or below zero, at once', () => {
    expect(judgePay('12.5', '1.234')).toEqual({
      valid: false,
      errors: { tip: 'Tip must be a valid number' },
      problem: 'Tip must be a valid number',
      total: 'Enter amounts of $0.00 or more, to the cent',
    });
    expect(judgePay('-5', '1')).toMatchObject({ valid: false, errors: { deliveryFee: 'Delivery fee must be a valid number' } });
    expect(judgePay('-5', '')).toMatchObject({ errors: { deliveryFee: 'Delivery fee must be a valid number' }, total: 'Enter a fee and a tip' });
  });
});

describe('closing', () => {
  const opened = run({ type: 'opened', order });

  it('closes at once when nothing was chosen or changed', () => {
    expect(assignReducer(opened, { type: 'closeAsked' })).toEqual(CLOSED);
    expect(assignReducer(assignReducer(opened, { type: 'feeTyped', fee: '30.00' }), { type: 'closeAsked' })).toEqual(CLOSED);
  });

  it('asks first with a chosen courier or changed pay; keeping on, or discarding everything', () => {
    for (const change of [
      { type: 'courierChosen', courierId: '9' },
      { type: 'feeTyped', fee: '31' },
      { type: 'tipTyped', tip: '' },
    ] as AssignAction[]) {
      const asking = run({ type: 'opened', order }, change, { type: 'closeAsked' });
      expect(asking).toMatchObject({ confirmingClose: true, opened: { order } });
      expect(assignReducer(asking, { type: 'keptEditing' })).toEqual({ ...asking, confirmingClose: false });
      expect(assignReducer(asking, { type: 'discarded' })).toEqual(CLOSED);
    }
  });

  it('waits while a way out is sending', () => {
    const sending = run({ type: 'opened', order }, { type: 'sending', way: 'offer' });
    expect(assignReducer(sending, { type: 'closeAsked' })).toBe(sending);
  });
});

describe('sending', () => {
  const ready = run(
    { type: 'opened', order },
    { type: 'courierChosen', courierId: '9' },
    { type: 'feeTyped', fee: ' 25.10 ' },
    { type: 'tipTyped', tip: '4.95' },
  );

  it('assigns the chosen courier with the pay as typed and the status the dialog saw', () => {
    expect(assignBody(order, ready, 'assign')).toEqual({ status: 'assigned', courierId: 9, deliveryFee: '25.10', tip: '4.95', expectedStatus: 'new' });
  });

  it('offers to the zone without a courier', () => {
    expect(assignBody(order, ready, 'offer')).toEqual({ status: 'pending_courier', courierId: null, deliveryFee: '25.10', tip: '4.95', expectedStatus: 'new' });
  });

  it('closes once sent, and keeps everything for another try when refused', () => {
    const sending = assignReducer(ready, { type: 'sending', way: 'assign' });
    expect(sending.pending).toBe('assign');
    expect(assignReducer(sending, { type: 'sent' })).toEqual(CLOSED);
    expect(assignReducer(sending, { type: 'sendFailed' })).toEqual(ready);
  });
});
