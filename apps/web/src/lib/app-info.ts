/** The product name shown in titles, the topbar and the footer. */
export const APP_NAME = 'Gestor';

/**
 * The build id compiled into this bundle (vite.config.ts `define`), also published as /version.json.
 * Outside a Vite build (unit tests) the constant is not defined.
 */
export const BUILD_VERSION: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev';
