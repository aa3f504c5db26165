/**
 * Hostile values for the input suite (tests/integration/security-input.test.ts): for each
 * kind of field, values that are wrong for it (wrong types, out of range, impossible dates
 * and coordinates, negative and non-numeric money, a megabyte of text), and the request
 * cases generated from a route's valid request by breaking one thing at a time.
 */

/** A megabyte of text: every text field has a length limit far below it. */
export const MEGABYTE = 'A'.repeat(1024 * 1024);

const NOT_TEXT = [12345, true, { text: 'x' }, ['x']];
/** Lone UTF-16 surrogates: JSON can carry them ("\ud800"), UTF-8 and the database cannot. */
export const LONE_SURROGATES = ['\ud800', 'Jo\udfffe'];
/** Control characters that end a C string or hide text: never stored (a NUL after an email, an escape in a name). */
export const CONTROL_CHARACTERS = ['a@b.com\u0000', 'Jo\u001b[2Je'];
/** JSON nested ~4,600 levels deep in 9 KB: a parser or walker that recurses runs out of stack. */
export const DEEP_JSON = '{"a":'.repeat(4600) + '1' + '}'.repeat(4600);

/** Values each kind of field must refuse. */
export const HOSTILE = {
  requiredText: [...NOT_TEXT, null, '', '   ', MEGABYTE, ...LONE_SURROGATES, ...CONTROL_CHARACTERS],
  optionalText: [...NOT_TEXT, MEGABYTE, ...LONE_SURROGATES, ...CONTROL_CHARACTERS],
  password: [...NOT_TEXT, null, '', MEGABYTE, ...LONE_SURROGATES, ...CONTROL_CHARACTERS],
  money: ['abc', -1, -0.01, '-5.00', '1e3', 1e21, 12.345, '12.345', 'NaN', 'Infinity', '$5', '1,000', '', {}, [], true, null],
  instant: [
    'yesterday',
    '2030-02-30T10:00:00Z',
    '2030-13-01T00:00:00Z',
    '2030-01-01T25:00:00Z',
    '2030-04-31T10:00:00+02:00',
    '1',
    'Jan 1 2030',
    '2030-01-01 10:00',
    '1999-12-31T23:59:59Z',
    '2100-01-02T00:00:00Z',
    -1,
    1e20,
    '',
    true,
    {},
    [],
    null,
  ],
  latitude: [91, -90.0001, 'north', 'NaN', 'Infinity', 1e308, true, {}, []],
  longitude: [181, -180.0001, 'east', 'NaN', '-Infinity', -1e308, false, {}, []],
  id: [0, -1, 1.5, 'abc', '1 OR 1=1', '1; DROP TABLE orders', 1e20, 2 ** 53, '', true, {}, [], null],
  boolean: ['maybe', 2, -1, 'yes', {}, [], null],
  day: ['2030-02-30', '2030-13-01', '2030-1-1', 'tomorrow', '20300101', 20300101, '', true, {}, null],
  email: ['not-an-email', 'a@', '@b.com', '<script>@x.com', 12, {}, `${'a'.repeat(300)}@example.com`, ...LONE_SURROGATES, ...CONTROL_CHARACTERS],
  phone: ['abc', '123', '81355501000', '(813) 555-0100 x1', 8135550100, {}, ...LONE_SURROGATES, ...CONTROL_CHARACTERS],
  array: ['not a list', 12, {}, true, null],
  photo: ['', 'data:image/png;base64,AAAA', 'javascript:alert(1)', '/api/photos/../../etc/passwd', 'https://evil.example/x.png', 12, {}, null],
} as const;

/** Hostile values for a path segment that should be a positive id. */
export const HOSTILE_ID_SEGMENTS = [
  'abc',
  '0',
  '-1',
  '1.5',
  '1e3',
  '0x10',
  '99999999999999999999',
  '9007199254740993',
  "1'%20OR%20'1'%3D'1",
  '1%3B%20DROP%20TABLE%20orders',
  '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  ' 1',
];

/** An id of the right form that names nothing: 404. */
export const UNKNOWN_ID = 2_000_000_000;

/** Bodies that are not the JSON object a route reads. */
export const BROKEN_BODIES = ['{"broken":', 'null', '[]', '[{}]', '"text"', '42', 'true', '', '{"a":1}{"b":2}', DEEP_JSON];

export type Values = readonly unknown[];

export interface BodyCase {
  what: string;
  body: unknown;
  raw?: boolean;
}

/**
 * One case per broken thing: a body that is not an object, each required field missing,
 * each field given each of its hostile values. The rest of the body stays valid, so a
 * refusal can only be for the broken part.
 */
export function bodyCases(valid: Record<string, unknown>, fields: Record<string, Values>, required: readonly string[]): BodyCase[] {
  const cases: BodyCase[] = BROKEN_BODIES.map((raw) => ({ what: `body ${describe(raw)}`, body: raw, raw: true }));
  for (const field of required) {
    const { [field]: _missing, ...rest } = valid;
    cases.push({ what: `without ${field}`, body: rest });
  }
  for (const [field, values] of Object.entries(fields)) {
    for (const value of values) cases.push({ what: `${field} = ${describe(value)}`, body: { ...valid, [field]: value } });
  }
  return cases;
}

export function describe(value: unknown): string {
  if (value === MEGABYTE) return '1 MB of text';
  if (value === DEEP_JSON) return 'JSON nested 4,600 deep';
  if (typeof value === 'string' && /\p{Cs}/u.test(value)) return `${JSON.stringify(value)} (lone surrogate)`;
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}
