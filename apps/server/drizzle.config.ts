import { defineConfig } from 'drizzle-kit';

// Generates the committed SQL migrations from src/platform/db/schema.ts; they are applied at server start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/platform/db/schema.ts',
  out: './drizzle',
});
