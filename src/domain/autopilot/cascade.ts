/**
 * The offer cascade of one job (an order or a trip) as a pure state machine (issue 30, decision
 * W11): offered to the best courier alone, then the next on a decline, a timeout or the courier
 * going offline; after maxSingleOffers couriers (or when nobody is left) to the whole zone;
 * after zoneOfferMinutes the dispatcher is alerted. In auto-assign mode the best courier is
 * assigned at once. Every step says why in a history line, with the candidates weighed. The
 * caller (the zone's Durable Object) keeps the state, performs the actions and sets an alarm
 * at `expiresAt`, which comes back as `timed_out`.
 */
import type { AutopilotSettings } from './settings';
import type { RankedCourier } from './ranking';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

export const CASCADE_PHASES = ['waiting', 'single', 'zone', 'needs_person', 'assigned', 'manual'] as const;
export type CascadePhase = (typeof CASCADE_PHASES)[number];
/** The autopilot is still dispatching the job in these phases (a person has not taken it, nobody holds it). */
export const LIVE_CASCADE_PHASES = ['waiting', 'single', 'zone', 'needs_person'] as const satisfies readonly CascadePhase[];
export const isLiveCascade = (phase: CascadePhase) => (LIVE_CASCADE_PHASES as readonly CascadePhase[]).includes(phase);

export interface CascadeState {
  phase: CascadePhase;
  /** The courier offered the job alone now, or who took it. */
  courierId: number | null;
  offeredAt: number | null;
  /** When the current offer ends (an alarm), or null. */
  expiresAt: number | null;
  /** Couriers offered it alone so far, in order. */
  tried: number[];
}

export const INITIAL_CASCADE: CascadeState = { phase: 'waiting', courierId: null, offeredAt: null, expiresAt: null, tried: [] };

export type CascadeEvent =
  | { type: 'due' }
  | { type: 'declined'; courierId: number }
  | { type: 'timed_out' }
  | { type: 'accepted'; courierId: number }
  | { type: 'courier_unavailable'; courierId: number }
  | { type: 'taken_back_by_dispatcher' };

export type CascadeAction =
  | { type: 'offer_to'; courierId: number; expiresAt: number }
  | { type: 'offer_to_zone'; expiresAt: number }
  | { type: 'withdraw_offer'; courierId: number | null }
  | { type: 'assign_to'; courierId: number }
  | { type: 'alert_dispatcher'; reason: string };

export interface HistoryLine {
  at: number;
  text: string;
  /** The best candidates weighed for the step, with their reasons ('Marcus R.: 6 min away, idle'). */
  weighed: string[];
}

export interface CascadeStep {
  state: CascadeState;
  actions: CascadeAction[];
  history: HistoryLine[];
}

export interface CascadeContext {
  now: number;
  settings: Pick<AutopilotSettings, 'mode' | 'offerSeconds' | 'maxSingleOffers' | 'zoneOfferMinutes'>;
  /** The eligible couriers, best first (rankForJob), as they are now. */
  candidates: readonly RankedCourier[];
  /** Names of couriers, for the lines about those no longer among the candidates. */
  nameOf: (courierId: number) => string;
}

/** How many candidates a history line lists. */
const WEIGHED_SHOWN = 3;

const historyLine = (at: number, text: string, weighed: readonly RankedCourier[] = []): HistoryLine => ({
  at,
  text,
  weighed: weighed.slice(0, WEIGHED_SHOWN).map((candidate) => `${candidate.name}: ${candidate.reason}`),
});

const seconds = (from: number | null, to: number) => `${Math.round((to - (from ?? to)) / SECOND)} s`;

/** The job's next state after an event, the actions to perform and what to write in its history. */
export function nextCascade(state: CascadeState, event: CascadeEvent, context: CascadeContext): CascadeStep {
  const { now, nameOf } = context;
  const line = (text: string, weighed: readonly RankedCourier[] = []) => historyLine(now, text, weighed);
  const offeredAlone = state.phase === 'single' && state.courierId != null;
  const isTheOfferee = 'courierId' in event && event.courierId === state.courierId;
  if (state.phase === 'manual' || state.phase === 'assigned') return { state, actions: [], history: [] };
  switch (event.type) {
    case 'due':
      return state.phase === 'waiting' ? offerNext(state, context, []) : { state, actions: [], history: [] };
    case 'accepted': {
      if (state.phase === 'waiting' || (offeredAlone && !isTheOfferee)) return { state, actions: [], history: [] };
      const taken = { ...state, phase: 'assigned' as const, courierId: event.courierId, expiresAt: null };
      return { state: taken, actions: [], history: [line(`accepted by ${nameOf(event.courierId)} after ${seconds(state.offeredAt, now)}`)] };
    }
    case 'declined':
    case 'courier_unavailable':
      if (!offeredAlone || !isTheOfferee) return { state, actions: [], history: [] };
      return offerNext(state, context, [line(`${event.type === 'declined' ? 'declined' : 'went offline'} after ${seconds(state.offeredAt, now)}`)]);
    case 'timed_out':
      if (offeredAlone) return offerNext(state, context, [line(`timed out after ${seconds(state.offeredAt, now)}`)]);
      if (state.phase !== 'zone') return { state, actions: [], history: [] };
      return {
        state: { ...state, phase: 'needs_person', courierId: null, expiresAt: null },
        actions: [{ type: 'alert_dispatcher', reason: `nobody in the zone took it in ${context.settings.zoneOfferMinutes} min` }],
        history: [line(`nobody took it in ${context.settings.zoneOfferMinutes} min: the dispatcher is alerted`, context.candidates)],
      };
    case 'taken_back_by_dispatcher':
      return {
        state: { ...state, phase: 'manual', courierId: null, expiresAt: null },
        actions: state.phase === 'single' || state.phase === 'zone' ? [{ type: 'withdraw_offer', courierId: state.courierId }] : [],
        history: [line('taken back by the dispatcher')],
      };
  }
}

/** Offers the job to the best courier not yet tried, assigns it (auto-assign), or offers it to the zone when the cascade is spent. */
function offerNext(state: CascadeState, context: CascadeContext, history: HistoryLine[]): CascadeStep {
  const { now, settings, candidates } = context;
  const line = (text: string) => historyLine(now, text, candidates);
  const next = candidates.find((candidate) => !state.tried.includes(candidate.courierId));
  if (next && settings.mode === 'auto_assign') {
    return {
      state: { ...state, phase: 'assigned', courierId: next.courierId, offeredAt: now, expiresAt: null },
      actions: [{ type: 'assign_to', courierId: next.courierId }],
      history: [...history, line(`assigned to ${next.name}: ${next.reason}`)],
    };
  }
  if (next && state.tried.length < settings.maxSingleOffers) {
    const expiresAt = now + settings.offerSeconds * SECOND;
    return {
      state: { phase: 'single', courierId: next.courierId, offeredAt: now, expiresAt, tried: [...state.tried, next.courierId] },
      actions: [{ type: 'offer_to', courierId: next.courierId, expiresAt }],
      history: [...history, line(`offered to ${next.name}: ${next.reason}`)],
    };
  }
  const expiresAt = now + settings.zoneOfferMinutes * MINUTE;
  const text = state.tried.length
    ? `offered to the zone after ${state.tried.length} courier${state.tried.length === 1 ? '' : 's'}`
    : 'offered to the zone: no courier could take it alone';
  return {
    state: { ...state, phase: 'zone', courierId: null, offeredAt: now, expiresAt },
    actions: [{ type: 'offer_to_zone', expiresAt }],
    history: [...history, line(text)],
  };
}
