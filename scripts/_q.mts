import { createClient } from '@libsql/client';
const c = createClient({ url: process.env.DB! });
const r = await c.execute(process.argv[2]);
console.log(JSON.stringify(r.rows, null, 0));
