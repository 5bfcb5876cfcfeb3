/**
 * The shared auth schemas and messages, imported when a form is first validated instead of with the
 * screen (lib/lazy-zod-resolver.ts): zod is the largest thing the sign-in page would otherwise load.
 */
export const loadAuthContract = () => import('@gestor/shared');
