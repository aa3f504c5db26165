/**
 * What a customer's tracking link shows (issue 16): the token, the phase of the delivery
 * in plain words, when the courier's position may be shown, and the ETA in words. Pure,
 * so the server (page and JSON) and the live island say the same.
 */
import { haversineMeters, ROAD_DETOUR_FACTOR, METERS_PER_MILE, type LatLng } from './geo';
import type { OrderStatus, StopStatus } from './orderStatus';
import { AVERAGE_URBAN_SPEED_MPH } from './routePlan';

/** 16 random bytes (128 bits) in hex, the form SQLite's randomblob gives too (migration 0012 fills older rows). */
export const TRACKING_TOKEN_BYTES = 16;
const TOKEN_PATTERN = /^[0-9a-f]{32}$/;

export function newTrackingToken(): string {
  return [...crypto.getRandomValues(new Uint8Array(TRACKING_TOKEN_BYTES))].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A well-formed token (anything else is a 404 without touching the database). */
export const isTrackingToken = (value: string) => TOKEN_PATTERN.test(value);

export const trackingPath = (token: string) => `/t/${token}`;

/** After this long past delivery the link only says the order was delivered (no photo, notes or times). */
export const TRACKING_DETAILS_DAYS = 7;
export const TRACKING_DETAILS_MS = TRACKING_DETAILS_DAYS * 24 * 60 * 60 * 1000;

/**
 * How long a link lives once its delivery is over (issue 26, decision K16): a cancelled
 * one says "Cancelled" (with the business's name, nothing of the order) for 7 days; a
 * delivered one gives its proof for 7 days and "Delivered" until 30. After that the link
 * is the same plain 404 as a token never issued.
 */
export const TRACKING_LINK_DAYS_AFTER_CANCEL = 7;
export const TRACKING_LINK_DAYS_AFTER_DELIVERY = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether a link has ended: its delivery is over (delivered or cancelled) since `endedAt`, and the link's time after that has passed. */
export function trackingLinkEnded(phase: TrackingPhase, endedAt: number | null, now: number): boolean {
  if (endedAt == null) return false;
  if (phase === 'cancelled') return now - endedAt > TRACKING_LINK_DAYS_AFTER_CANCEL * DAY_MS;
  if (phase === 'delivered') return now - endedAt > TRACKING_LINK_DAYS_AFTER_DELIVERY * DAY_MS;
  return false;
}

/** The steps of the timeline, in order; cancelled replaces them. */
export const TRACKING_PHASES = ['preparing', 'to_pickup', 'picked_up', 'on_the_way', 'delivered'] as const;
export type TrackingPhase = (typeof TRACKING_PHASES)[number] | 'cancelled';

export const PHASE_WORDS: Record<TrackingPhase, string> = {
  preparing: 'Preparing',
  to_pickup: 'Courier on the way to pick up',
  picked_up: 'Picked up',
  on_the_way: 'On the way to you',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

const ORDER_PHASES: Partial<Record<OrderStatus, TrackingPhase>> = {
  courier_on_way_to_pickup: 'to_pickup',
  arrived_at_pickup: 'to_pickup',
  courier_on_way_to_pharmacy: 'to_pickup',
  arrived_at_pharmacy: 'to_pickup',
  picked_up: 'picked_up',
  pharmacy_picked_up: 'picked_up',
  on_way_to_customer: 'on_the_way',
  arrived_at_customer: 'on_the_way',
  setup_in_progress: 'on_the_way',
  in_pharmacy_delivery: 'on_the_way',
  delivered: 'delivered',
  pharmacy_completed: 'delivered',
  cancelled: 'cancelled',
  missed_pickup: 'cancelled',
};

/**
 * The phase a link shows. An order's link follows the order; a stop's link follows its
 * stop once the items are picked up: a stop still waiting while the courier serves others
 * is "Picked up", and only the stop being driven to is "On the way to you".
 */
export function trackingPhase(orderStatus: OrderStatus, stopStatus?: StopStatus | null): TrackingPhase {
  const phase = ORDER_PHASES[orderStatus] ?? 'preparing';
  if (stopStatus == null || phase === 'cancelled') return phase;
  if (stopStatus === 'delivered') return 'delivered';
  // A pharmacy route sets its first stop on its way as the pickup is confirmed.
  if (phase === 'picked_up' || phase === 'on_the_way' || phase === 'delivered') return stopStatus === 'pending' ? 'picked_up' : 'on_the_way';
  return phase;
}

/** The courier's position is shown only while they are on the way to this customer (or at the door), never before pickup or after delivery. */
export function showsCourier(orderStatus: OrderStatus, stopStatus?: StopStatus | null): boolean {
  if (trackingPhase(orderStatus, stopStatus) !== 'on_the_way') return false;
  return orderStatus !== 'setup_in_progress';
}

export interface TimelineStep {
  phase: TrackingPhase;
  words: string;
  state: 'done' | 'current' | 'upcoming';
}

/** A route's own link (the business's view of a multi-stop order) is not anyone's "you". */
export const phaseWords = (phase: TrackingPhase, route = false) => (route && phase === 'on_the_way' ? 'Out for delivery' : PHASE_WORDS[phase]);

export function timeline(phase: TrackingPhase, route = false): TimelineStep[] {
  if (phase === 'cancelled') return [{ phase, words: PHASE_WORDS.cancelled, state: 'current' }];
  const at = TRACKING_PHASES.indexOf(phase);
  return TRACKING_PHASES.map((step, index) => ({
    phase: step,
    words: phaseWords(step, route),
    state: index < at || (index === at && step === 'delivered') ? 'done' : index === at ? 'current' : 'upcoming',
  }));
}

/** A delivery that failed and is not coming now (decision C28): picked up, and nothing under way after it. */
export const timelineOnHold = (route = false): TimelineStep[] =>
  timeline('picked_up', route).map((step) => (step.phase === 'picked_up' ? { ...step, state: 'done' } : step));

/** The courier's first name only: the page never shows their full name or phone. */
export const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

/** Below this speed (m/s, about 9 mph) a report's own speed says the courier is stopped or crawling: the city average is used instead. */
const MOVING_SPEED_MPS = 4;
const AVERAGE_SPEED_MPS = (AVERAGE_URBAN_SPEED_MPH * METERS_PER_MILE) / 3600;

export interface EtaEstimate {
  /** Estimated road metres left. */
  meters: number;
  /** Estimated seconds left. */
  seconds: number;
}

/**
 * Time to the customer from the courier's latest position: the straight line stretched
 * by the usual urban detour (the estimate used without a routing key), at the courier's
 * reported speed when they are moving, else the city average.
 */
export function estimateArrival(from: LatLng, to: LatLng, speedMps: number | null): EtaEstimate {
  const meters = haversineMeters(from, to) * ROAD_DETOUR_FACTOR;
  const speed = speedMps != null && speedMps >= MOVING_SPEED_MPS ? Math.min(speedMps, 30) : AVERAGE_SPEED_MPS;
  return { meters: Math.round(meters), seconds: Math.round(meters / speed) };
}

/** Within this many metres the courier is at the door: "Arriving now". */
const ARRIVING_METERS = 150;

/**
 * The ETA in words, with its confidence: "Arriving now", "about 4 min", and past 20
 * minutes rounded to 5 ("about 35 min"), past an hour "about 1 h 10 min".
 */
export function etaWords({ meters, seconds }: EtaEstimate): string {
  if (meters <= ARRIVING_METERS || seconds < 60) return 'Arriving now';
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes <= 20) return `about ${minutes} min`;
  const rounded = Math.round(minutes / 5) * 5;
  if (rounded < 60) return `about ${rounded} min`;
  const hours = Math.floor(rounded / 60);
  const rest = rounded % 60;
  return `about ${hours} h${rest ? ` ${rest} min` : ''}`;
}

/** "Arriving soon" is sent once the ETA is this close (issue 16, messages). */
export const ARRIVING_SOON_SECONDS = 5 * 60;

/** What the live socket carries to a tracking page. */
export type TrackingSocketMessage =
  | { type: 'position'; latitude: number; longitude: number; recordedAt: number; eta: string | null; etaSeconds: number | null }
  /** The order changed (a step, a cancel): read the page again. */
  | { type: 'changed' };
