/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Where the API lives when it is not the page's own origin (docs/architecture.md#the-spa). */
  readonly VITE_API_BASE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** The build id, injected by vite.config.ts and also written to dist/version.json. */
declare const __APP_VERSION__: string;
