import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import {
  checkWebhookUrlSyntax,
  DISABLE_AFTER_FAILING_MS,
  ipv6Groups,
  isPrivateAddress,
  MAX_ATTEMPTS,
  newWebhookSecret,
  nextAttemptAt,
  orderEventType,
  RETRY_DELAYS_MS,
  shouldDisable,
} from './webhooks';

const change = (fromStatus: string | null, toStatus: string, fromCourierId: number | null = null, toCourierId: number | null = null) => ({
  fromStatus,
  toStatus,
  fromCourierId,
  toCourierId,
});

describe('the event an order change is', () => {
  it.each([
    [change(null, 'new'), 'order.created'],
    [change(null, 'delivered'), 'order.created'],
    [change('new', 'assigned', null, 7), 'order.assigned'],
    [change('assigned', 'assigned', 7, 8), 'order.assigned'],
    [change('pending_courier', 'courier_confirmed', null, 7), 'order.assigned'],
    [change('assigned', 'courier_confirmed', 7, 7), 'order.status_changed'],
    [change('courier_confirmed', 'courier_rejected', 7, null), 'order.status_changed'],
    [change('arrived_at_customer', 'delivered', 7, 7), 'order.delivered'],
    [change('in_pharmacy_delivery', 'pharmacy_completed', 7, 7), 'order.delivered'],
    [change('assigned', 'cancelled', 7, null), 'order.cancelled'],
  ] as const)('%o is %s', (transition, type) => {
    expect(orderEventType(transition)).toBe(type);
  });
});

describe('the retry schedule', () => {
  it('follows the Standard Webhooks schedule: 8 attempts over more than 24 hours, each wait within a queue’s 12-hour limit', () => {
    expect(MAX_ATTEMPTS).toBe(8);
    expect(RETRY_DELAYS_MS.reduce((sum, delay) => sum + delay, 0)).toBe((27 * 60 + 35) * 60_000 + 5_000);
    expect(RETRY_DELAYS_MS.reduce((sum, delay) => sum + delay, 0)).toBeGreaterThanOrEqual(24 * 3_600_000);
    expect(Math.max(...RETRY_DELAYS_MS)).toBeLessThanOrEqual(12 * 3_600_000);
    expect([...RETRY_DELAYS_MS]).toEqual([...RETRY_DELAYS_MS].sort((a, b) => a - b));
  });

  it('schedules the next attempt after each failure, and none after the last', () => {
    const now = 1_000_000;
    expect(nextAttemptAt(1, now)).toBe(now + 5_000);
    expect(nextAttemptAt(2, now)).toBe(now + 5 * 60_000);
    expect(nextAttemptAt(7, now)).toBe(now + 10 * 3_600_000);
    expect(nextAttemptAt(8, now)).toBeNull();
    expect(nextAttemptAt(0, now)).toBeNull();
  });

  it('turns an endpoint off after failing for 5 days, not before', () => {
    const now = Date.UTC(2030, 0, 10);
    expect(shouldDisable(null, now)).toBe(false);
    expect(shouldDisable(now - DISABLE_AFTER_FAILING_MS + 1, now)).toBe(false);
    expect(shouldDisable(now - DISABLE_AFTER_FAILING_MS, now)).toBe(true);
  });
});

describe('secrets', () => {
  it('are Standard Webhooks secrets the reference library signs and verifies with', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(newWebhookSecret()).not.toBe(secret);
    const signer = new Webhook(secret);
    const at = new Date();
    const headers = {
      'webhook-id': 'evt_1',
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': signer.sign('evt_1', at, '{"a":1}'),
    };
    expect(signer.verify('{"a":1}', headers)).toEqual({ a: 1 });
  });
});

describe('where deliveries may go', () => {
  it.each([
    '127.0.0.1',
    '127.8.8.8',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '198.18.0.1',
    '::1',
    '[::1]',
    '::',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:10.0.0.1',
    '::ffff:7f00:1',
    '64:ff9b::a00:1',
    // IPv6 spellings that reach metadata or private addresses (issue 26).
    '[::a9fe:a9fe]',
    '[2002:a9fe:a9fe::]',
    '[fec0::1]',
    '[::ffff:0:a00:1]',
    '[::7f00:1]',
    '::169.254.169.254',
    '0:0:0:0:0:ffff:a9fe:a9fe',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    '2001:db8::1',
    '100::1',
    '::ffff:8.8.8.8',
    '1:2:3:4:5:6:7:8:9',
    'fe80::1%25eth0',
  ])('%s is private or local', (address) => expect(isPrivateAddress(address)).toBe(true));

  it('reads every spelling of an IPv6 address into its eight groups', () => {
    expect(ipv6Groups('::a9fe:a9fe')).toEqual([0, 0, 0, 0, 0, 0, 0xa9fe, 0xa9fe]);
    expect(ipv6Groups('::ffff:10.0.0.1')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x0a00, 0x0001]);
    expect(ipv6Groups('2606:4700:4700::1111')).toEqual([0x2606, 0x4700, 0x4700, 0, 0, 0, 0, 0x1111]);
    expect(ipv6Groups('1::2::3')).toBeNull();
    expect(ipv6Groups('12345::')).toBeNull();
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '[2a00:1450:4001:81a::200e]', '2001:4860:4860::8888'])(
    '%s is public',
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );

  it('takes https to a public host name (to be resolved) or address; refuses the rest', () => {
    const production = { allowLocal: false };
    expect(checkWebhookUrlSyntax('https://hooks.example.com/dispatch', production)).toMatchObject({ ok: true, resolve: 'hooks.example.com' });
    expect(checkWebhookUrlSyntax('https://93.184.216.34/in', production)).toMatchObject({ ok: true, resolve: null });
    expect(checkWebhookUrlSyntax('https://hooks.example.com:8443/in', production)).toMatchObject({ ok: true });
    for (const [url, message] of [
      ['http://hooks.example.com/in', 'The URL must start with https://'],
      ['http://127.0.0.1:8080/in', 'The URL must start with https://'],
      ['https://127.0.0.1/in', 'The URL points to a private or local network address'],
      ['https://[fd00::1]/in', 'The URL points to a private or local network address'],
      ...['[::a9fe:a9fe]', '[2002:a9fe:a9fe::]', '[fec0::1]', '[::ffff:0:a00:1]', '[::7f00:1]', '[::ffff:169.254.169.254]'].map((host) => [
        `https://${host}/latest/meta-data`,
        'The URL points to a private or local network address',
      ]),
      ['https://localhost/in', 'The URL must name a public host'],
      ['https://localhost./in', 'The URL must name a public host'],
      ['https://0x7f.0.0.1/in', 'The URL points to a private or local network address'],
      ['https://2130706433/in', 'The URL points to a private or local network address'],
      ['https://intranet/in', 'The URL must name a public host'],
      ['https://db.internal/in', 'The URL must name a public host'],
      ['https://a:b@hooks.example.com/', 'The URL may not contain a user name or password'],
      ['hooks.example.com', 'Enter a full URL, like https://example.com/webhooks'],
    ] as const) {
      expect(checkWebhookUrlSyntax(url, production), url).toEqual({ ok: false, message });
    }
  });

  it('also takes http or https to 127.0.0.1 on a local run, and only that loopback address', () => {
    const local = { allowLocal: true };
    expect(checkWebhookUrlSyntax('http://127.0.0.1:4000/hooks', local)).toMatchObject({ ok: true, resolve: null });
    expect(checkWebhookUrlSyntax('https://127.0.0.1:4000/hooks', local)).toMatchObject({ ok: true });
    expect(checkWebhookUrlSyntax('http://localhost:4000/hooks', local)).toMatchObject({ ok: false });
    expect(checkWebhookUrlSyntax('http://10.0.0.2:4000/hooks', local)).toMatchObject({ ok: false });
  });
});
