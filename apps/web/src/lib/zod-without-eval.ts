import { config } from 'zod/v4';

// The SPA's `zod`: vite.config.ts points every `import … from 'zod'` of the web build (this app's and
// packages/shared's) here. zod compiles a fast parser for each object schema with `new Function`, and
// to know whether it may, it tries `new Function("")` once when the first object schema is built.
// The server's CSP has no 'unsafe-eval' (plugins/security.ts), so that probe is refused and the
// browser files a CSP violation report on every page (Lighthouse's best practices audit counts it).
// `jitless` skips the probe and the compiled parsers; the schemas the SPA parses are small forms.
//
// It must be set before any schema is built, which is why it lives in the module every schema file
// imports rather than in main.tsx: a module's imports run before its own code.
config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
