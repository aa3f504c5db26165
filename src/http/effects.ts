/**
 * Nothing happens before the session is known (issue 26, decision S16). A request may run
 * its reads before its session is checked, on a signed hint (N2, N3); its database writes
 * wait in the WriteGate. Everything else a request can do to the world goes through a
 * binding (Durable Objects, R2, Queues) or an outgoing fetch, and while a request
 * speculates those are reached only through this gate: its `c.env` is a copy whose
 * bindings wait for the check and refuse (SessionNotConfirmed) when it fails, and its
 * `c.var.outbound` is fetch behind the same wait. A route author cannot forget it: every
 * path to a binding is `c.env`, and a binding added to Env without a gate fails the build.
 */
import { SessionNotConfirmed } from '../auth/session';
import type { Env } from '../env';

/** The bindings of Env that act on the world (or read what the session guards), by kind. */
type EffectBinding = {
  [Key in keyof Env]-?: NonNullable<Env[Key]> extends Pick<DurableObjectNamespace, 'idFromName'> | R2Bucket | Pick<Queue, 'sendBatch'> ? Key : never;
}[keyof Env];

const NAMESPACES = ['COURIER_LOCATION', 'LIVE_HUB', 'API_RATE_LIMITER', 'ORDER_TRACKING', 'ZONE_AUTOPILOT'] as const satisfies readonly EffectBinding[];
const STORES = ['PHOTOS', 'EVENTS'] as const satisfies readonly EffectBinding[];

/** Fails to compile when Env gains a binding with effects that neither list gates. */
type Ungated = Exclude<EffectBinding, (typeof NAMESPACES)[number] | (typeof STORES)[number]>;
const everyBindingGated: [Ungated] extends [never] ? true : Ungated = true;
void everyBindingGated;

/** An object whose every method waits for `verified` and refuses when it is false. */
function afterCheck<T extends object>(target: T, verified: Promise<boolean>): T {
  return new Proxy(target, {
    get(object, key) {
      const value: unknown = Reflect.get(object, key);
      if (typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        if (!(await verified)) throw new SessionNotConfirmed();
        // Reflect.apply: an RPC stub's methods are stubs too, whose own `apply` would be a remote call.
        return Reflect.apply(value as (...args: unknown[]) => unknown, object, args);
      };
    },
  });
}

/** A namespace whose ids are made at once (pure) and whose stubs wait for `verified` before any call. */
function gatedNamespace<T extends object>(namespace: T, verified: Promise<boolean>): T {
  return new Proxy(namespace, {
    get(object, key) {
      const value: unknown = Reflect.get(object, key);
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => unknown;
      if (key === 'get' || key === 'getByName') return (...args: unknown[]) => afterCheck(Reflect.apply(method, object, args) as object, verified);
      return (...args: unknown[]) => Reflect.apply(method, object, args);
    },
  });
}

/** The bindings of a request that speculates: each waits for `verified`, and refuses when it is false. */
export function gatedEnv(env: Env, verified: Promise<boolean>): Env {
  const gated: Record<string, unknown> = { ...env };
  for (const name of NAMESPACES) gated[name] = gatedNamespace(env[name], verified);
  for (const name of STORES) gated[name] = afterCheck(env[name], verified);
  return gated as unknown as Env;
}

/** fetch for a request that speculates: leaves only once `verified` holds. */
export function gatedFetch(verified: Promise<boolean>): typeof fetch {
  return async (input, init) => {
    if (!(await verified)) throw new SessionNotConfirmed();
    return fetch(input, init);
  };
}
