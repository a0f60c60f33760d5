import { defineConfig } from 'drizzle-kit';

// Migrations are generated from server/db/schema.ts with `npm run db:generate` and committed;
// the server applies them at start on PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
