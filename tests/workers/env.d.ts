// `env` from cloudflare:test is the Worker's own Env (wrangler.toml's bindings).
type WorkerEnv = import('../../src/env').Env;
declare namespace Cloudflare {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Env extends WorkerEnv {}
}
