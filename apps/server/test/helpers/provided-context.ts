// What the server project's global setup hands every test file (Vitest's provide/inject).
declare module 'vitest' {
  interface ProvidedContext {
    /** A dump of a migrated PGlite database each test file starts from (test-database.ts). */
    pgliteTemplate: string;
    /** A migrated PostgreSQL database each test file's database is created from, or null. */
    postgresTemplate: string | null;
  }
}

export {};
