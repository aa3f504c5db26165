/**
 * Where a webhook may be delivered (issue 17): the address's own rules
 * (src/domain/webhooks.ts), then, for a host name, what DNS says it resolves to: every
 * answer must be a public address. Checked when the business saves the URL and again
 * before every attempt, so a name that later points into a private network is refused.
 * DNS is asked over HTTPS (JSON API: Cloudflare's by default, DNS_RESOLVER_URL to change).
 */
import { checkWebhookUrlSyntax, isPrivateAddress } from '../domain/webhooks';
import type { Env } from '../env';

const DEFAULT_RESOLVER = 'https://cloudflare-dns.com/dns-query';
const RECORD_TYPES = { A: 1, AAAA: 28 } as const;
const LOOKUP_TIMEOUT_MS = 3000;

export type AddressCheck = { ok: true; url: URL } | { ok: false; message: string };

export const allowsLocalWebhooks = (env: Pick<Env, 'ALLOW_LOCAL_WEBHOOKS'>) => env.ALLOW_LOCAL_WEBHOOKS === 'on' || env.ALLOW_LOCAL_WEBHOOKS === 'true';

/** The addresses a host name resolves to (A and AAAA), asked of a DNS-over-HTTPS resolver. */
export async function resolveHost(host: string, resolver: string, lookup: typeof fetch): Promise<string[]> {
  const answers = await Promise.all(
    Object.entries(RECORD_TYPES).map(async ([name, type]) => {
      const url = new URL(resolver);
      url.searchParams.set('name', host);
      url.searchParams.set('type', name);
      const response = await lookup(url, { headers: { Accept: 'application/dns-json' }, signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS) });
      if (!response.ok) throw new Error(`DNS resolver answered ${response.status}`);
      const body = (await response.json()) as { Status?: number; Answer?: Array<{ type: number; data: string }> };
      // NXDOMAIN is an answer (no addresses); any other failure is the resolver's.
      if (body.Status !== 0 && body.Status !== 3) throw new Error(`DNS resolver status ${body.Status}`);
      return (body.Answer ?? []).filter((answer) => answer.type === type).map((answer) => answer.data);
    }),
  );
  return answers.flat();
}

/** `lookup` asks the resolver: a request's waits for its session check (src/http/effects.ts). */
export async function checkWebhookUrl(text: string, env: Pick<Env, 'ALLOW_LOCAL_WEBHOOKS' | 'DNS_RESOLVER_URL'>, lookup: typeof fetch): Promise<AddressCheck> {
  const verdict = checkWebhookUrlSyntax(text, { allowLocal: allowsLocalWebhooks(env) });
  if (!verdict.ok || !verdict.resolve) return verdict;
  let addresses: string[];
  try {
    addresses = await resolveHost(verdict.resolve, env.DNS_RESOLVER_URL || DEFAULT_RESOLVER, lookup);
  } catch {
    return { ok: false, message: `Could not look up ${verdict.resolve}; try again in a moment` };
  }
  if (addresses.length === 0) return { ok: false, message: `${verdict.resolve} does not resolve to any address` };
  if (addresses.some(isPrivateAddress)) return { ok: false, message: `${verdict.resolve} resolves to a private or local network address` };
  return { ok: true, url: verdict.url };
}
