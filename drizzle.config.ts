import { defineConfig } from 'drizzle-kit';

// Generates SQL migrations from src/db/schema.ts. Applying them is scripts/migrate.mjs.
export default defineConfig({
  dialect: 'sqlite',
  schema: './src/db/schema.ts',
  out: './migrations',
});
