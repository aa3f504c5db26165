import { describe, expect, it } from 'vitest';
import { NOW, TODAY, idleCourier, milesFrom, orderJob } from '../../../tests/support/autopilot';
import { INITIAL_CASCADE, nextCascade, type CascadeEvent, type CascadeState } from './cascade';
import { rankForJob } from './ranking';
import { DEFAULT_AUTOPILOT_SETTINGS, type AutopilotSettings } from './settings';

const SECOND = 1000;
const couriers = [
  idleCourier(1, milesFrom(1), { name: 'Marcus R.' }),
  idleCourier(2, milesFrom(2), { name: 'Sofia A.' }),
  idleCourier(3, milesFrom(3), { name: 'Lena P.' }),
];
const candidates = rankForJob(couriers, orderJob(1, milesFrom(5)), { now: NOW, today: TODAY, maxLoad: 3 }).ranked;
const settings: AutopilotSettings = { ...DEFAULT_AUTOPILOT_SETTINGS, mode: 'auto_offer', maxSingleOffers: 2 };
const nameOf = (id: number) => couriers.find((courier) => courier.id === id)!.name;

/** Runs events, each at its second after NOW, and collects the history's lines. */
function run(events: Array<[number, CascadeEvent]>, overrides: Partial<AutopilotSettings> = {}, state: CascadeState = INITIAL_CASCADE) {
  const lines: string[] = [];
  const actions: string[] = [];
  for (const [second, event] of events) {
    const step = nextCascade(state, event, { now: NOW + second * SECOND, settings: { ...settings, ...overrides }, candidates, nameOf });
    state = step.state;
    lines.push(...step.history.map((line) => line.text));
    actions.push(...step.actions.map((action) => ('courierId' in action ? `${action.type} ${action.courierId}` : action.type)));
  }
  return { state, lines, actions };
}

describe('nextCascade', () => {
  it('offers to the best alone, then the next on a decline, and is taken: each step says why', () => {
    const { state, lines, actions } = run([
      [0, { type: 'due' }],
      [12, { type: 'declined', courierId: 1 }],
      [30, { type: 'accepted', courierId: 2 }],
    ]);
    expect(lines).toEqual([
      `offered to Marcus R.: ${candidates[0].reason}`,
      'declined after 12 s',
      `offered to Sofia A.: ${candidates[1].reason}`,
      'accepted by Sofia A. after 18 s',
    ]);
    expect(actions).toEqual(['offer_to 1', 'offer_to 2']);
    expect(state).toMatchObject({ phase: 'assigned', courierId: 2, tried: [1, 2] });
  });

  it('gives each offer its time to accept, then the zone after maxSingleOffers couriers, then the dispatcher', () => {
    const due = nextCascade(INITIAL_CASCADE, { type: 'due' }, { now: NOW, settings, candidates, nameOf });
    expect(due.actions).toEqual([{ type: 'offer_to', courierId: 1, expiresAt: NOW + 45 * SECOND }]);
    expect(due.history[0].weighed).toEqual(candidates.map((candidate) => `${candidate.name}: ${candidate.reason}`));
    const { state, lines, actions } = run([
      [0, { type: 'due' }],
      [45, { type: 'timed_out' }],
      [60, { type: 'courier_unavailable', courierId: 2 }],
      [360, { type: 'timed_out' }],
    ]);
    expect(lines.filter((line) => !line.startsWith('offered to M') && !line.startsWith('offered to S'))).toEqual([
      'timed out after 45 s',
      'went offline after 15 s',
      'offered to the zone after 2 couriers',
      'nobody took it in 5 min: the dispatcher is alerted',
    ]);
    expect(actions).toEqual(['offer_to 1', 'offer_to 2', 'offer_to_zone', 'alert_dispatcher']);
    expect(state.phase).toBe('needs_person');
  });

  it('lets anyone in the zone take a zone offer, and ignores what does not concern the current offer', () => {
    const zone = run([[0, { type: 'due' }]], { maxSingleOffers: 0 });
    expect(zone.lines).toEqual(['offered to the zone: no courier could take it alone']);
    expect(run([[100, { type: 'accepted', courierId: 3 }]], {}, zone.state).state).toMatchObject({ phase: 'assigned', courierId: 3 });
    const single = run([[0, { type: 'due' }]]);
    expect(
      run(
        [
          [5, { type: 'declined', courierId: 3 }],
          [6, { type: 'accepted', courierId: 3 }],
          [7, { type: 'due' }],
        ],
        {},
        single.state,
      ),
    ).toEqual({ ...single, lines: [], actions: [] });
  });

  it('assigns the best courier at once in auto-assign mode', () => {
    const { state, lines, actions } = run([[0, { type: 'due' }]], { mode: 'auto_assign' });
    expect(actions).toEqual(['assign_to 1']);
    expect(lines).toEqual([`assigned to Marcus R.: ${candidates[0].reason}`]);
    expect(state.phase).toBe('assigned');
  });

  it('gives the order to the dispatcher when taken back, withdrawing the offer, and then stays out of it', () => {
    const { state, lines, actions } = run([
      [0, { type: 'due' }],
      [10, { type: 'taken_back_by_dispatcher' }],
      [45, { type: 'timed_out' }],
    ]);
    expect(actions).toEqual(['offer_to 1', 'withdraw_offer 1']);
    expect(lines.at(-1)).toBe('taken back by the dispatcher');
    expect(state.phase).toBe('manual');
  });
});
