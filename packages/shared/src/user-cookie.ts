// docs/http-api.md#sign-in-lifecycle: what the SPA leaves out of the user it persists in its cookie. A module of its own,
// free of zod, so the SPA's first bundle can import it (`@gestor/shared/user-cookie`).
export const USER_COOKIE_EXCLUDED = [
  'roles',
  'email_verified_at',
  'created_at',
  'updated_at',
  'role',
  'roleName',
  // Decision 035: read live from GET /api/user, which every navigation asks anyway.
  'two_factor_enabled',
  'two_factor_required',
] as const;
