/**
 * Public TSP instances with proven optimal tours (TSPLIB95, bench/tsplib/), read into the
 * route optimizer's terms (issue 32). A closed tour is an open path from city 1 back to a
 * copy of city 1 placed last: every leg out of the copy costs CLOSING_PENALTY more, so an
 * order that ends anywhere else is never shorter, and the optimal path is the optimal tour.
 */
import { readFileSync } from 'node:fs';
import { travelMatrix, type TravelMatrix } from '../../src/domain/routeOptimizer';

/** Larger than any tour in the set, so the copy of city 1 always ends the best path. */
const CLOSING_PENALTY = 1e7;

export interface TsplibInstance {
  name: string;
  cities: number;
  /** The proven optimal tour length (bench/tsplib/README.md). */
  optimum: number;
  /** Point 0 is city 1, stops 1…cities−1 the other cities, stop `cities` city 1 again. */
  matrix: TravelMatrix;
}

/** The instances the bench holds, with their proven optima. */
export const TSPLIB_OPTIMA: Readonly<Record<string, number>> = {
  burma14: 3323,
  ulysses16: 6859,
  gr17: 2085,
  gr21: 2707,
  ulysses22: 7013,
  gr24: 1272,
  fri26: 937,
  bayg29: 1610,
  bays29: 2020,
  dantzig42: 699,
  swiss42: 1273,
  att48: 10628,
  gr48: 5046,
  hk48: 11461,
  eil51: 426,
  berlin52: 7542,
  brazil58: 25395,
  st70: 675,
  eil76: 538,
  pr76: 108159,
  gr96: 55209,
  rat99: 1211,
  kroA100: 21282,
  kroB100: 22141,
  kroC100: 20749,
  kroD100: 21294,
  kroE100: 22068,
  rd100: 7910,
};

/** TSPLIB's distance functions (TSPLIB95 documentation, section 2), on [x, y] per city. */
const distanceBy: Record<string, (a: number[], b: number[]) => number> = {
  EUC_2D: (a, b) => Math.round(Math.hypot(a[0] - b[0], a[1] - b[1])),
  ATT: (a, b) => {
    const r = Math.sqrt(((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) / 10);
    const t = Math.round(r);
    return t < r ? t + 1 : t;
  },
  GEO: (a, b) => {
    const radians = (value: number) => {
      const degrees = Math.trunc(value);
      return (Math.PI * (degrees + (5 * (value - degrees)) / 3)) / 180;
    };
    const [latA, lngA, latB, lngB] = [radians(a[0]), radians(a[1]), radians(b[0]), radians(b[1])];
    const q1 = Math.cos(lngA - lngB);
    const q2 = Math.cos(latA - latB);
    const q3 = Math.cos(latA + latB);
    return Math.trunc(6378.388 * Math.acos(0.5 * ((1 + q1) * q2 - (1 - q1) * q3)) + 1);
  },
};

/** The full distance table of an EXPLICIT instance from its listed numbers. */
function explicitTable(format: string, numbers: number[], cities: number): number[][] {
  const table = Array.from({ length: cities }, () => new Array<number>(cities).fill(0));
  let next = 0;
  for (let row = 0; row < cities; row++) {
    const [from, to] = format === 'FULL_MATRIX' ? [0, cities - 1] : format === 'UPPER_ROW' ? [row + 1, cities - 1] : [0, row];
    for (let column = from; column <= to; column++) {
      table[row][column] = numbers[next];
      table[column][row] = numbers[next++];
    }
  }
  return table;
}

/** Reads bench/tsplib/<name>.tsp. */
export function readTsplib(name: string, directory = new URL('../../bench/tsplib/', import.meta.url)): TsplibInstance {
  const text = readFileSync(new URL(`${name}.tsp`, directory), 'utf8');
  const field = (key: string) => new RegExp(`^${key}\\s*:\\s*(\\S+)`, 'm').exec(text)?.[1] ?? '';
  const cities = Number(field('DIMENSION'));
  const type = field('EDGE_WEIGHT_TYPE');
  const numbersAfter = (section: string) =>
    text
      .slice(text.indexOf(section) + section.length)
      .split(/\s+/)
      .filter((word) => /^-?[\d.]+(e[+-]?\d+)?$/i.test(word))
      .map(Number);
  let distance: (a: number, b: number) => number;
  if (type === 'EXPLICIT') {
    const table = explicitTable(field('EDGE_WEIGHT_FORMAT'), numbersAfter('EDGE_WEIGHT_SECTION'), cities);
    distance = (a, b) => table[a][b];
  } else {
    const numbers = numbersAfter('NODE_COORD_SECTION');
    const coordinates = Array.from({ length: cities }, (_, city) => numbers.slice(city * 3 + 1, city * 3 + 3));
    distance = (a, b) => (a === b ? 0 : distanceBy[type](coordinates[a], coordinates[b]));
  }
  const city = (point: number) => (point === cities ? 0 : point);
  const matrix = travelMatrix(cities + 1, (from, to) => {
    const leg = distance(city(from), city(to)) + (from === cities ? CLOSING_PENALTY : 0);
    return { miles: leg, minutes: leg };
  });
  return { name, cities, optimum: TSPLIB_OPTIMA[name], matrix };
}
