/**
 * The best order to visit a route's stops (issues 18 and 32). A route is an open path: it
 * starts where the courier is (the pickup, or their position on the road), visits every
 * stop once and ends at the last one, with no return, as the route's fee assumes.
 *
 * The best order is the one that is least late, then the shortest: a stop may carry a
 * time window (the earliest it may be served, when the courier waits if early, and a
 * deliver-by), and the sum of the minutes by which stops miss their deliver-by comes
 * first (zero when every one can be met), the miles second. Travel comes from a matrix
 * of miles and minutes between the points (the maps service's, or the estimate), and
 * every stop takes its service time (STOP_SERVICE_MINUTES unless said) before the
 * courier drives on.
 *
 * Up to EXACT_STOP_LIMIT stops the answer is optimal: Held–Karp's dynamic programme over
 * the subsets of stops visited, carrying per state only the partial routes no other one
 * beats (with deadlines ahead, an earlier one may be worth more miles). Beyond it,
 * iterated local search (decision O9): constructions improved
 * by 2-opt and Or-opt moves drawn from each stop's nearest neighbours, then, within a
 * fixed amount of work, the best route is kicked (a double bridge over nearby stretches,
 * the first and last stops included) and improved again, a kick kept when it is no
 * worse. A seeded generator makes the same request always get the same answer. Neither
 * ever answers worse than the given order, and a tie keeps the given order.
 */

/** Up to this many stops the order is optimal (Held–Karp: n·2ⁿ states). */
export const EXACT_STOP_LIMIT = 10;
/** Parking, handing over the package and its photo, before driving on. */
export const STOP_SERVICE_MINUTES = 5;
/**
 * A stop arriving within this long after its deliver-by time counts as on time: the
 * times are estimates, shown to the minute, and the deadlines are typed to the minute.
 */
export const LATE_TOLERANCE_MINUTES = 0.5;

/** Miles and minutes between points: 0 is where the route starts, 1…n the stops. */
export interface TravelMatrix {
  size: number;
  /** Row-major: miles[from * size + to]. */
  miles: Float64Array;
  minutes: Float64Array;
}

export interface Leg {
  miles: number;
  minutes: number;
}

/** A matrix from a function giving the leg between two points (by index). */
export function travelMatrix(size: number, leg: (from: number, to: number) => Leg): TravelMatrix {
  const miles = new Float64Array(size * size);
  const minutes = new Float64Array(size * size);
  for (let from = 0; from < size; from++) {
    for (let to = 0; to < size; to++) {
      if (from === to) continue;
      const { miles: m, minutes: t } = leg(from, to);
      miles[from * size + to] = m;
      minutes[from * size + to] = t;
    }
  }
  return { size, miles, minutes };
}

export interface RouteProblem {
  matrix: TravelMatrix;
  /** Per stop (0-based, as in the matrix's 1…n), its deliver-by in minutes after departure, or null. */
  deadlines?: ReadonlyArray<number | null>;
  /** Per stop, the earliest it may be served in minutes after departure, or null: arriving sooner, the courier waits. */
  earliest?: ReadonlyArray<number | null>;
  /** Minutes at each stop; STOP_SERVICE_MINUTES by default. */
  serviceMinutes?: number;
  /** Per stop, its own minutes there, or null for serviceMinutes. */
  stopServiceMinutes?: ReadonlyArray<number | null>;
}

export interface RouteVisit {
  /** Stop indexes (0-based) in visiting order. */
  order: number[];
  miles: number;
  /** Minutes by which the stops miss their deliver-by, summed (beyond the tolerance). */
  lateMinutes: number;
  /** Stop indexes that arrive after their deliver-by, in visiting order. */
  late: number[];
  /** Per stop index, the arrival in minutes after departure (before any wait). */
  arrivals: number[];
}

export interface OptimizedRoute extends RouteVisit {
  /** True when the order is proven optimal (exact search). */
  exact: boolean;
}

const EPSILON = 1e-9;

/** Minutes by which an arrival misses a deliver-by (both in minutes after departure); 0 when on time. */
export function minutesLate(arrival: number, deadline: number | null | undefined): number {
  return deadline == null ? 0 : Math.max(0, arrival - deadline - LATE_TOLERANCE_MINUTES);
}

export interface RouteTiming {
  /** Per position, the arrival in minutes after departure. */
  arrivals: number[];
  /** Positions reached after their deliver-by. */
  late: number[];
  lateMinutes: number;
}

/** A stop's times, in minutes after departure: its deliver-by, the earliest it may be served, its own service minutes. */
export interface StopTimes {
  deadline?: number | null;
  earliest?: number | null;
  serviceMinutes?: number | null;
}

/**
 * When the courier reaches each stop of a route driven leg by leg (the first leg from
 * the start), waiting for a stop's earliest time when early and spending its service
 * time there, and which stops that makes late (stops' times by position).
 */
export function timeAlong(legMinutes: readonly number[], stops: ReadonlyArray<StopTimes | undefined>, serviceMinutes = STOP_SERVICE_MINUTES): RouteTiming {
  const arrivals: number[] = [];
  const late: number[] = [];
  let lateMinutes = 0;
  let time = 0;
  legMinutes.forEach((leg, position) => {
    const arrival = time + leg;
    const stop = stops[position];
    arrivals.push(arrival);
    const missed = minutesLate(arrival, stop?.deadline);
    if (missed > 0) {
      late.push(position);
      lateMinutes += missed;
    }
    time = Math.max(arrival, stop?.earliest ?? 0) + (stop?.serviceMinutes ?? serviceMinutes);
  });
  return { arrivals, late, lateMinutes };
}

/** (late, miles) a strictly better than (late, miles) b: least late first, then shortest. */
const isBetter = (aLate: number, aMiles: number, bLate: number, bMiles: number) =>
  aLate < bLate - EPSILON || (aLate <= bLate + EPSILON && aMiles < bMiles - EPSILON);

interface Instance {
  n: number;
  size: number;
  miles: Float64Array;
  minutes: Float64Array;
  /** Indexed by matrix point (0 unused): the deadline plus the tolerance, Infinity when none. */
  deadline: Float64Array;
  /** Indexed by matrix point: the earliest service, 0 when none. */
  ready: Float64Array;
  /** Indexed by matrix point: the minutes spent there. */
  service: Float64Array;
  hasDeadlines: boolean;
  /** Whether some stop may make the courier wait: then a later start can reach a stop no later. */
  waits: boolean;
}

/** Stop `stop`'s times as the problem gives them. */
const stopTimes = (problem: RouteProblem, stop: number): StopTimes => ({
  deadline: problem.deadlines?.[stop],
  earliest: problem.earliest?.[stop],
  serviceMinutes: problem.stopServiceMinutes?.[stop] ?? problem.serviceMinutes ?? STOP_SERVICE_MINUTES,
});

function instanceOf(problem: RouteProblem): Instance {
  const { size, miles, minutes } = problem.matrix;
  const n = size - 1;
  const deadline = new Float64Array(size).fill(Infinity);
  const ready = new Float64Array(size);
  const service = new Float64Array(size);
  for (let stop = 0; stop < n; stop++) {
    const times = stopTimes(problem, stop);
    if (times.deadline != null) deadline[stop + 1] = times.deadline + LATE_TOLERANCE_MINUTES;
    ready[stop + 1] = times.earliest ?? 0;
    service[stop + 1] = times.serviceMinutes ?? STOP_SERVICE_MINUTES;
  }
  return { n, size, miles, minutes, deadline, ready, service, hasDeadlines: deadline.some(Number.isFinite), waits: ready.some((time) => time > 0) };
}

/** Miles, lateness and arrivals of visiting the stops in `order` (stop indexes, 0-based). */
export function evaluateOrder(problem: RouteProblem, order: readonly number[]): RouteVisit {
  const { size, miles, minutes } = problem.matrix;
  const points = [0, ...order.map((stop) => stop + 1)];
  let total = 0;
  const legs = order.map((stop, position) => {
    total += miles[points[position] * size + stop + 1];
    return minutes[points[position] * size + stop + 1];
  });
  const timing = timeAlong(
    legs,
    order.map((stop) => stopTimes(problem, stop)),
  );
  const arrivals = new Array<number>(size - 1).fill(0);
  order.forEach((stop, position) => (arrivals[stop] = timing.arrivals[position]));
  return { order: [...order], miles: total, lateMinutes: timing.lateMinutes, late: timing.late.map((position) => order[position]), arrivals };
}

/** The best order: exact up to EXACT_STOP_LIMIT stops, local search beyond. */
export function optimizeRoute(problem: RouteProblem, options: HeuristicOptions = {}): OptimizedRoute {
  const stops = problem.matrix.size - 1;
  return stops <= EXACT_STOP_LIMIT ? { ...exactRoute(problem), exact: true } : { ...heuristicRoute(problem, options), exact: false };
}

/** Keeps the given order (0, 1, …) unless `found` is strictly better. */
function orGiven(problem: RouteProblem, found: readonly number[]): RouteVisit {
  const given = evaluateOrder(
    problem,
    found.map((_, index) => index),
  );
  const best = evaluateOrder(problem, found);
  return isBetter(best.lateMinutes, best.miles, given.lateMinutes, given.miles) ? best : given;
}

// ---------------------------------------------------------------------------
// Exact: Held–Karp over (stops visited, last stop)
// ---------------------------------------------------------------------------

interface Label {
  miles: number;
  late: number;
  /** When the courier leaves the last stop. */
  time: number;
  stop: number;
  parent: Label | null;
}

/**
 * Whether a beats b for every way of finishing the route: no later (when deadlines lie
 * ahead, since lateness only grows with time) and no worse so far, least late first.
 */
const dominates = (a: Label, b: Label, timeMatters: boolean) => (!timeMatters || a.time <= b.time + EPSILON) && !isBetter(b.late, b.miles, a.late, a.miles);

function keep(labels: Label[], label: Label, timeMatters: boolean): void {
  for (const other of labels) if (dominates(other, label, timeMatters)) return;
  let kept = 0;
  for (const other of labels) if (!dominates(label, other, timeMatters)) labels[kept++] = other;
  labels.length = kept;
  labels.push(label);
}

/**
 * The optimal order by dynamic programming: for every set of stops visited and the stop
 * it ends at, the partial routes that no other beats. Without deadlines that is one per
 * state (the classic algorithm); with them, also the earlier ones. n·2ⁿ states, so it is
 * meant for up to EXACT_STOP_LIMIT stops (the tests run it a little beyond).
 */
export function exactRoute(problem: RouteProblem): RouteVisit {
  const instance = instanceOf(problem);
  const { n, size, miles, minutes, deadline, ready, service } = instance;
  if (n <= 1) return evaluateOrder(problem, n === 1 ? [0] : []);
  let deadlineMask = 0;
  for (let stop = 0; stop < n; stop++) if (Number.isFinite(deadline[stop + 1])) deadlineMask |= 1 << stop;
  const full = (1 << n) - 1;
  const states: Array<Label[] | undefined> = new Array((full + 1) * n);

  const extend = (label: Label | null, from: number, to: number, visited: number) => {
    const point = to + 1;
    const arrival = (label?.time ?? 0) + minutes[from * size + point];
    const next: Label = {
      miles: (label?.miles ?? 0) + miles[from * size + point],
      late: (label?.late ?? 0) + Math.max(0, arrival - deadline[point]),
      time: Math.max(arrival, ready[point]) + service[point],
      stop: to,
      parent: label,
    };
    const index = visited * n + to;
    const labels = (states[index] ??= []);
    keep(labels, next, (deadlineMask & ~visited) !== 0);
  };

  for (let stop = 0; stop < n; stop++) extend(null, 0, stop, 1 << stop);
  // Every subset is complete before any superset is read: a superset is a larger number.
  for (let visited = 1; visited < full; visited++) {
    for (let last = 0; last < n; last++) {
      const labels = states[visited * n + last];
      if (!labels) continue;
      for (let next = 0; next < n; next++) {
        if (visited & (1 << next)) continue;
        for (const label of labels) extend(label, last + 1, next, visited | (1 << next));
      }
      states[visited * n + last] = undefined;
    }
  }

  let best: Label | null = null;
  for (let last = 0; last < n; last++) {
    for (const label of states[full * n + last] ?? []) {
      if (!best || isBetter(label.late, label.miles, best.late, best.miles)) best = label;
    }
  }
  const order: number[] = [];
  for (let label = best; label; label = label.parent) order.push(label.stop);
  return orGiven(problem, order.reverse());
}

// ---------------------------------------------------------------------------
// Heuristic: constructions, 2-opt and Or-opt on neighbour lists, then kicks
// ---------------------------------------------------------------------------

export interface HeuristicOptions {
  /** Seed of the kicks' generator: the same seed, the same answer. */
  seed?: number;
  /** Kicks after the first local optimum; by default KICKS_PER_STOP per stop. */
  kicks?: number;
  /** The work the search may spend; workBudget(stops) by default. */
  work?: number;
}

/** A small seeded generator (mulberry32): numbers in [0, 1), the same for the same seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Effort {
  steps: number;
}

/** Kicks per stop when the work allows: enough for 100 stops to settle within a fraction of a percent. */
export const KICKS_PER_STOP = 40;
/** The moves from a stop are drawn from this many nearest points (by miles both ways). */
const NEIGHBOURS = 8;
/** Longest stretch Or-opt moves whole. */
const OR_OPT_LENGTH = 3;
/** Longest of the two stretches a kick exchanges: kicks stay local, so repairing one is cheap. */
const KICK_STRETCH = 30;

/**
 * The work a search may spend, in moves weighed and stops walked: linear in the stops,
 * sized so that 100 stops stay well under a second of CPU (bench/RESULTS.md). Missed
 * deadlines make every move a walk, and the budget then ends the search sooner in kicks.
 * Work, not time, so that the same request always gets the same answer.
 */
export const workBudget = (stops: number) => 60_000 * Math.max(stops, 10);

/** A leg matrix (miles or minutes) with, per position of a tour, its sum up to there driven forwards and backwards. */
interface Sums {
  leg: Float64Array;
  forward: Float64Array;
  backward: Float64Array;
}

/** An instance with, per point, its nearest points (k per point, row-major). */
interface SearchInstance extends Instance {
  near: Int32Array;
  k: number;
}

function withNeighbours(instance: Instance): SearchInstance {
  const { n, size, miles } = instance;
  const k = Math.min(NEIGHBOURS, n);
  const near = new Int32Array(size * k);
  const distance = (a: number, b: number) => miles[a * size + b] + miles[b * size + a];
  for (let point = 0; point < size; point++) {
    const others = Array.from({ length: size }, (_, other) => other).filter((other) => other !== point);
    others.sort((a, b) => distance(point, a) - distance(point, b) || a - b);
    near.set(others.slice(0, k), point * k);
  }
  return { ...instance, near, k };
}

/**
 * A visiting order being improved: the sequence of points (1…n) with, per position, the
 * miles and minutes up to it (driven forwards, and backwards for reversed stretches on
 * a matrix that differs each way), the lateness so far and the departure time. A move's
 * change of miles and of minutes then costs O(1); the minutes say how much earlier or
 * later every stop after the move is reached. Its lateness needs a walk over the
 * positions it changes, and only when the move could win: while every deadline is met
 * only fewer miles can, and stops reached no earlier are no less late. The points whose
 * surroundings changed wait in a queue to be tried again (the rest have no move left).
 */
class Tour {
  readonly points: Int32Array;
  /** Per point, its position (the start at -1). */
  private readonly position: Int32Array;
  private readonly candidate: Int32Array;
  private readonly miles: Sums;
  private readonly minutes: Sums;
  private readonly lateTo: Float64Array;
  private readonly leaveAt: Float64Array;
  private readonly queue: number[] = [];
  private readonly queued: Uint8Array;
  totalMiles = 0;
  late = 0;

  constructor(
    private readonly instance: SearchInstance,
    points: ArrayLike<number>,
    /** Moves weighed and stops walked, counted across a search to bound its work. */
    private readonly effort: Effort,
  ) {
    const { n, size } = instance;
    this.points = Int32Array.from(points);
    this.position = new Int32Array(size);
    this.position[0] = -1;
    this.candidate = new Int32Array(n);
    this.miles = { leg: instance.miles, forward: new Float64Array(n), backward: new Float64Array(n) };
    this.minutes = { leg: instance.minutes, forward: new Float64Array(n), backward: new Float64Array(n) };
    this.lateTo = new Float64Array(n);
    this.leaveAt = new Float64Array(n);
    this.queued = new Uint8Array(size);
    this.measure(0);
    for (const point of this.points) this.wake(point);
  }

  /** Takes another tour's order (and forgets the points waiting). */
  copy(other: Tour): void {
    this.points.set(other.points);
    this.measure(0);
    for (const point of this.queue) this.queued[point] = 0;
    this.queue.length = 0;
  }

  /** The point before position p (the start before the first). */
  private before(position: number): number {
    return position > 0 ? this.points[position - 1] : 0;
  }

  private leg(sums: Sums, from: number, to: number): number {
    return sums.leg[from * this.instance.size + to];
  }

  private wake(point: number): void {
    if (point === 0 || this.queued[point]) return;
    this.queued[point] = 1;
    this.queue.push(point);
  }

  /** Recomputes the positions from `from` on, after points changed there. */
  private measure(from: number): void {
    const { size, deadline, ready, service, n } = this.instance;
    const { miles, minutes } = this;
    let late = from > 0 ? this.lateTo[from - 1] : 0;
    let previous = this.before(from);
    this.effort.steps += n - from;
    for (let position = from; position < n; position++) {
      const point = this.points[position];
      const ahead = previous * size + point;
      const back = point * size + previous;
      const first = position === 0;
      miles.forward[position] = (first ? 0 : miles.forward[position - 1]) + miles.leg[ahead];
      miles.backward[position] = first ? 0 : miles.backward[position - 1] + miles.leg[back];
      minutes.forward[position] = (first ? 0 : minutes.forward[position - 1]) + minutes.leg[ahead];
      minutes.backward[position] = first ? 0 : minutes.backward[position - 1] + minutes.leg[back];
      const arrival = (first ? 0 : this.leaveAt[position - 1]) + minutes.leg[ahead];
      if (arrival > deadline[point]) late += arrival - deadline[point];
      this.lateTo[position] = late;
      this.leaveAt[position] = Math.max(arrival, ready[point]) + service[point];
      this.position[point] = position;
      previous = point;
    }
    this.totalMiles = miles.forward[n - 1];
    this.late = late;
  }

  /** The change in `sums` of reversing positions i…j (2-opt on a path). */
  private twoOptChange(sums: Sums, i: number, j: number): number {
    const { points } = this;
    const previous = this.before(i);
    let change =
      this.leg(sums, previous, points[j]) - this.leg(sums, previous, points[i]) + (sums.backward[j] - sums.backward[i]) - (sums.forward[j] - sums.forward[i]);
    if (j < this.instance.n - 1) change += this.leg(sums, points[i], points[j + 1]) - this.leg(sums, points[j], points[j + 1]);
    return change;
  }

  /** The change in `sums` of moving the stretch i…end to start at position `at` of the rest (Or-opt). */
  private orOptChange(sums: Sums, i: number, end: number, at: number, reversed: boolean): number {
    const { points } = this;
    const { n } = this.instance;
    const first = reversed ? points[end] : points[i];
    const last = reversed ? points[i] : points[end];
    const before = this.before(i);
    // Taken out, its neighbours join up; turned round, it is driven the other way.
    let change = -this.leg(sums, before, points[i]) + (reversed ? sums.backward[end] - sums.backward[i] - (sums.forward[end] - sums.forward[i]) : 0);
    if (end < n - 1) change += this.leg(sums, before, points[end + 1]) - this.leg(sums, points[end], points[end + 1]);
    // Put back between x and y (no y at the end).
    const length = end - i + 1;
    const x = at > i ? points[at + length - 1] : this.before(at);
    const yAt = at > i ? at + length : at;
    change += this.leg(sums, x, first);
    if (yAt < n) change += this.leg(sums, last, points[yAt]) - this.leg(sums, x, points[yAt]);
    return change;
  }

  /** Whether a candidate that has `late` minutes so far and `miles` in all can no longer win. */
  private cannotWin(late: number, miles: number): boolean {
    return late > this.late + EPSILON || (late >= this.late - EPSILON && miles >= this.totalMiles - EPSILON);
  }

  /**
   * Whether a move spanning positions from…to, of `miles` in all and reaching the stop
   * after it `shift` minutes later by the road, could win, before it is written out: the
   * stops before it are as late as now, those after it at least as late when not reached
   * earlier (which a wait can break: a stop waited for may now be reached later).
   */
  private promising(from: number, to: number, miles: number, shift: number): boolean {
    this.effort.steps++;
    const { hasDeadlines, waits } = this.instance;
    if (!hasDeadlines) return miles < this.totalMiles - EPSILON;
    const lateBefore = from > 0 ? this.lateTo[from - 1] : 0;
    if (waits || shift < -EPSILON) return !this.cannotWin(lateBefore, miles);
    return !this.cannotWin(lateBefore + this.late - this.lateTo[to], miles);
  }

  /**
   * Takes the candidate (this.candidate at positions from…to, the current points
   * elsewhere) of `miles` when it is strictly better. Its lateness is walked over the
   * positions it changes, then over the rest until a stop is left at the same time as now.
   */
  private offer(from: number, to: number, miles: number): boolean {
    const { size, minutes, deadline, ready, service, n, hasDeadlines } = this.instance;
    let late = 0;
    if (hasDeadlines) {
      late = from > 0 ? this.lateTo[from - 1] : 0;
      let time = from > 0 ? this.leaveAt[from - 1] : 0;
      let previous = this.before(from);
      for (let position = from; position < n; position++) {
        if (position > to && Math.abs(time - this.leaveAt[position - 1]) <= EPSILON) {
          late += this.late - this.lateTo[position - 1];
          break;
        }
        const point = position <= to ? this.candidate[position] : this.points[position];
        const arrival = time + minutes[previous * size + point];
        if (arrival > deadline[point]) late += arrival - deadline[point];
        this.effort.steps++;
        if (this.cannotWin(late, miles)) return false;
        time = Math.max(arrival, ready[point]) + service[point];
        previous = point;
      }
    }
    if (!isBetter(late, miles, this.late, this.totalMiles)) return false;
    this.points.set(this.candidate.subarray(from, to + 1), from);
    this.measure(from);
    // The points at the joins have new neighbours: their moves are worth trying again.
    for (const position of [from - 1, from, to, to + 1]) if (position >= 0 && position < n) this.wake(this.points[position]);
    return true;
  }

  private twoOpt(i: number, j: number): boolean {
    const miles = this.totalMiles + this.twoOptChange(this.miles, i, j);
    // How much later the stops after the move are reached (only needed against deadlines).
    const shift = this.instance.hasDeadlines ? this.twoOptChange(this.minutes, i, j) : 0;
    if (!this.promising(i, j, miles, shift)) return false;
    for (let k = i; k <= j; k++) this.candidate[k] = this.points[i + j - k];
    return this.offer(i, j, miles);
  }

  private orOpt(i: number, length: number, at: number, reversed: boolean): boolean {
    const end = i + length - 1;
    const miles = this.totalMiles + this.orOptChange(this.miles, i, end, at, reversed);
    const shift = this.instance.hasDeadlines ? this.orOptChange(this.minutes, i, end, at, reversed) : 0;
    const from = Math.min(i, at);
    const to = at > i ? at + length - 1 : end;
    if (!this.promising(from, to, miles, shift)) return false;
    const { points } = this;
    let write = from;
    const writeStretch = () => {
      for (let k = 0; k < length; k++) this.candidate[write++] = points[reversed ? end - k : i + k];
    };
    if (at > i) {
      for (let k = end + 1; k <= to; k++) this.candidate[write++] = points[k];
      writeStretch();
    } else {
      writeStretch();
      for (let k = at; k < i; k++) this.candidate[write++] = points[k];
    }
    return this.offer(from, to, miles);
  }

  /** 2-opt moves that join `a` and `b` (in either order of the route), the start allowed as the earlier. */
  private joinByReversal(a: number, b: number): boolean {
    const low = Math.min(this.position[a], this.position[b]);
    const high = Math.max(this.position[a], this.position[b]);
    if (low + 1 < high && this.twoOpt(low + 1, high)) return true;
    return low >= 0 && low < high - 1 && this.twoOpt(low, high - 1);
  }

  /** Or-opt moves that put a stretch of 1–3 points ending in `end` next to `anchor`, `end` touching it. */
  private moveNextTo(anchor: number, end: number): boolean {
    const { n } = this.instance;
    const at = this.position[anchor];
    const ends = this.position[end];
    for (let length = 1; length <= OR_OPT_LENGTH; length++) {
      for (const i of length === 1 ? [ends] : [ends, ends - length + 1]) {
        const last = i + length - 1;
        if (i < 0 || last >= n || (at >= i && at <= last)) continue;
        const endFirst = i === ends;
        // After the anchor, `end` leads; before it, `end` closes the stretch.
        const after = at < i ? at + 1 : at - length + 1;
        if (after !== i && this.orOpt(i, length, after, !endFirst)) return true;
        const before = at < i ? at : at - length;
        if (anchor !== 0 && before !== i && this.orOpt(i, length, before, endFirst)) return true;
      }
    }
    return false;
  }

  /** The first improving move around `a`: to either end of the route, or joining it to a near point. */
  private improveFrom(a: number): boolean {
    const { n, near, k } = this.instance;
    const at = this.position[a];
    if (at > 0 && this.twoOpt(0, at)) return true;
    if (at < n - 1 && this.twoOpt(at, n - 1)) return true;
    if (at + 1 < n - 1 && this.twoOpt(at + 1, n - 1)) return true;
    for (let index = a * k; index < (a + 1) * k; index++) {
      const b = near[index];
      if (this.joinByReversal(a, b) || this.moveNextTo(b, a) || (b !== 0 && this.moveNextTo(a, b))) {
        this.wake(a);
        this.wake(b);
        return true;
      }
    }
    return false;
  }

  /** Applies improving moves around the points waiting until none is left (a local optimum), or the work done reaches `budget`. */
  improve(budget: number): this {
    for (let head = 0; head < this.queue.length && this.effort.steps < budget; head++) {
      const point = this.queue[head];
      this.queued[point] = 0;
      this.improveFrom(point);
    }
    for (const point of this.queue) this.queued[point] = 0;
    this.queue.length = 0;
    return this;
  }

  /**
   * A double bridge on a path: A B C D becomes A C B D, B and C short stretches side by
   * side anywhere, the first or last stop included, and the points around them woken.
   */
  kick(random: () => number): this {
    const { n } = this.instance;
    const longest = Math.max(1, Math.min(KICK_STRETCH, Math.floor(n / 2)));
    const first = 1 + Math.floor(random() * longest);
    const second = 1 + Math.floor(random() * longest);
    const start = Math.floor(random() * (n - first - second + 1));
    const middle = start + first;
    const end = middle + second;
    const moved = [...this.points.subarray(middle, end), ...this.points.subarray(start, middle)];
    this.points.set(moved, start);
    this.measure(start);
    for (let position = Math.max(0, start - 1); position <= Math.min(n - 1, end); position++) this.wake(this.points[position]);
    return this;
  }

  isBetterThan(other: Tour): boolean {
    return isBetter(this.late, this.totalMiles, other.late, other.totalMiles);
  }
}

function nearestNeighbour(instance: Instance): number[] {
  const { n, size, miles } = instance;
  const left = new Set(Array.from({ length: n }, (_, index) => index + 1));
  const order: number[] = [];
  let previous = 0;
  while (left.size) {
    let best = -1;
    for (const point of left) if (best < 0 || miles[previous * size + point] < miles[previous * size + best]) best = point;
    order.push(best);
    left.delete(best);
    previous = best;
  }
  return order;
}

/** Each stop in turn (farthest from the start first) inserted where it adds the fewest miles. */
function cheapestInsertion(instance: Instance): number[] {
  const { n, size, miles } = instance;
  const byDistance = Array.from({ length: n }, (_, index) => index + 1).sort((a, b) => miles[b] - miles[a]);
  const order: number[] = [];
  for (const point of byDistance) {
    let bestAt = order.length;
    let bestCost = Infinity;
    for (let at = 0; at <= order.length; at++) {
      const before = at === 0 ? 0 : order[at - 1];
      const after = at < order.length ? order[at] : -1;
      const cost = miles[before * size + point] + (after >= 0 ? miles[point * size + after] - miles[before * size + after] : 0);
      if (cost < bestCost) {
        bestCost = cost;
        bestAt = at;
      }
    }
    order.splice(bestAt, 0, point);
  }
  return order;
}

function earliestDeadlineFirst(instance: Instance): number[] {
  return Array.from({ length: instance.n }, (_, index) => index + 1).sort((a, b) => instance.deadline[a] - instance.deadline[b] || a - b);
}

/**
 * The best tour local search finds from the starts (best expected first), then iterated:
 * the current tour kicked and improved, the result kept when no worse (so the search
 * drifts across plateaus), within the kicks and the work budget; deterministic for a seed.
 */
function search(instance: SearchInstance, starts: ReadonlyArray<ArrayLike<number>>, kicks: number, budget: number, seed: number): Tour {
  const effort: Effort = { steps: 0 };
  let best = new Tour(instance, starts[0], effort).improve(budget);
  for (const start of starts.slice(1)) {
    if (effort.steps >= budget) break;
    const tour = new Tour(instance, start, effort).improve(budget);
    if (tour.isBetterThan(best)) best = tour;
  }
  const random = seededRandom(seed);
  const current = new Tour(instance, best.points, effort);
  const trial = new Tour(instance, best.points, effort);
  for (let kick = 0; kick < kicks && effort.steps < budget; kick++) {
    trial.copy(current);
    trial.kick(random).improve(budget);
    if (current.isBetterThan(trial)) continue;
    current.copy(trial);
    if (current.isBetterThan(best)) best.copy(current);
  }
  return best;
}

/**
 * A good order by iterated local search. With deadlines, the shortest order the search
 * finds without them (on half the work) is one more start: it often meets them all,
 * and moves that only lower lateness would otherwise settle on a longer route.
 */
export function heuristicRoute(problem: RouteProblem, options: HeuristicOptions = {}): RouteVisit {
  const instance = withNeighbours(instanceOf(problem));
  const { n } = instance;
  if (n <= 3) return exactRoute(problem);
  const budget = options.work ?? workBudget(n);
  const kicks = options.kicks ?? KICKS_PER_STOP * n;
  const seed = options.seed ?? 1;
  const constructions: Array<ArrayLike<number>> = [nearestNeighbour(instance), cheapestInsertion(instance), Array.from({ length: n }, (_, index) => index + 1)];
  let best: Tour;
  if (!instance.hasDeadlines) best = search(instance, constructions, kicks, budget, seed);
  else {
    const untimed = { ...instance, deadline: new Float64Array(instance.size).fill(Infinity), hasDeadlines: false };
    const shortest = search(untimed, constructions, kicks, budget / 2, seed).points;
    best = search(instance, [shortest, earliestDeadlineFirst(instance)], kicks, budget / 2, seed);
  }
  return orGiven(
    problem,
    Array.from(best.points, (point) => point - 1),
  );
}
