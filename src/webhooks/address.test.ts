/** The DNS check of webhook hosts, against a DNS-over-HTTPS resolver this test serves. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkWebhookUrl, resolveHost } from './address';

const ZONE: Record<string, { A?: string[]; AAAA?: string[]; status?: number }> = {
  'hooks.example.com': { A: ['93.184.216.34'], AAAA: ['2606:2800:220:1:248:1893:25c8:1946'] },
  'sneaky.example.com': { A: ['93.184.216.34', '10.0.0.7'] },
  'metadata.example.com': { AAAA: ['fe80::1'] },
  'broken.example.com': { status: 2 },
};

let resolver = '';
const asked: string[] = [];
const server = createServer((request, response) => {
  const url = new URL(request.url!, 'http://x');
  const name = url.searchParams.get('name')!;
  const type = url.searchParams.get('type') as 'A' | 'AAAA';
  asked.push(`${name} ${type} ${request.headers.accept}`);
  const entry = ZONE[name];
  const body = entry ? { Status: entry.status ?? 0, Answer: (entry[type] ?? []).map((data) => ({ name, type: type === 'A' ? 1 : 28, data })) } : { Status: 3 };
  response.writeHead(200, { 'Content-Type': 'application/dns-json' });
  response.end(JSON.stringify(body));
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  resolver = `http://127.0.0.1:${(server.address() as AddressInfo).port}/dns-query`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const production = () => ({ ALLOW_LOCAL_WEBHOOKS: undefined, DNS_RESOLVER_URL: resolver });

describe('webhook addresses in production', () => {
  it('asks the resolver for A and AAAA records in its JSON form', async () => {
    expect((await resolveHost('hooks.example.com', resolver, fetch)).sort()).toEqual(['2606:2800:220:1:248:1893:25c8:1946', '93.184.216.34']);
    expect(asked).toContain('hooks.example.com A application/dns-json');
    expect(asked).toContain('hooks.example.com AAAA application/dns-json');
  });

  it('takes a name whose every address is public', async () => {
    expect(await checkWebhookUrl('https://hooks.example.com/dispatch', production(), fetch)).toMatchObject({ ok: true });
  });

  it.each([
    ['https://sneaky.example.com/in', 'sneaky.example.com resolves to a private or local network address'],
    ['https://metadata.example.com/in', 'metadata.example.com resolves to a private or local network address'],
    ['https://nowhere.example.com/in', 'nowhere.example.com does not resolve to any address'],
    ['https://broken.example.com/in', 'Could not look up broken.example.com; try again in a moment'],
    ['http://127.0.0.1:4000/in', 'The URL must start with https://'],
  ])('refuses %s', async (url, message) => {
    expect(await checkWebhookUrl(url, production(), fetch)).toEqual({ ok: false, message });
  });

  it('refuses when the resolver cannot be reached, rather than trusting the name', async () => {
    expect(await checkWebhookUrl('https://hooks.example.com/in', { DNS_RESOLVER_URL: 'http://127.0.0.1:9/dns-query' }, fetch)).toEqual({
      ok: false,
      message: 'Could not look up hooks.example.com; try again in a moment',
    });
  });

  it('takes http://127.0.0.1 only when local webhooks are allowed', async () => {
    expect(await checkWebhookUrl('http://127.0.0.1:4000/in', { ...production(), ALLOW_LOCAL_WEBHOOKS: 'on' }, fetch)).toMatchObject({ ok: true });
    expect(await checkWebhookUrl('http://127.0.0.1:4000/in', { ...production(), ALLOW_LOCAL_WEBHOOKS: 'off' }, fetch)).toMatchObject({ ok: false });
  });
});
