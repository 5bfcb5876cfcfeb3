// The security log (issue 20, decision 031): sign-ins and account events, apart from the records'
// history because they belong to no record of an area. The list is the one place a kind is named;
// the table only checks the shape, so a new kind needs no migration.

export const SECURITY_EVENT_KINDS = [
  'login',
  'login_failed',
  'logout',
  'password_reset',
  'password_changed',
  'permissions_changed',
  'profile_changed',
  'email_change_requested',
  'email_changed',
  'session_revoked',
  'passkey_added',
  'passkey_removed',
  'token_created',
  'token_revoked',
  'two_factor_enabled',
  'two_factor_disabled',
  'two_factor_reset',
  'recovery_code_used',
  'recovery_codes_regenerated',
  'login_two_factor_failed',
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

export const SECURITY_EVENT_LABELS: Record<SecurityEventKind, string> = {
  login: 'Inicio de sesión',
  login_failed: 'Inicio de sesión fallido',
  logout: 'Cierre de sesión',
  password_reset: 'Contraseña restablecida',
  password_changed: 'Contraseña cambiada',
  permissions_changed: 'Permisos cambiados',
  profile_changed: 'Perfil cambiado',
  email_change_requested: 'Cambio de correo solicitado',
  email_changed: 'Correo electrónico cambiado',
  session_revoked: 'Sesión cerrada desde Mi cuenta',
  passkey_added: 'Llave de acceso añadida',
  passkey_removed: 'Llave de acceso eliminada',
  token_created: 'Token de API creado',
  token_revoked: 'Token de API revocado',
  two_factor_enabled: 'Verificación en dos pasos activada',
  two_factor_disabled: 'Verificación en dos pasos desactivada',
  two_factor_reset: 'Verificación en dos pasos restablecida',
  recovery_code_used: 'Código de recuperación usado',
  recovery_codes_regenerated: 'Códigos de recuperación regenerados',
  login_two_factor_failed: 'Código de verificación incorrecto',
};

/** One row of the security log as the API returns it. */
export interface SecurityEvent {
  id: number;
  kind: SecurityEventKind;
  /** The account concerned, when known (a failed sign-in for an unknown address has none). */
  user_id: number | null;
  user_name: string | null;
  /** The address typed at a sign-in, or the account's at the time. */
  email: string | null;
  /** Who did it when it was not the person themselves (an administrator's reset). */
  actor_id: number | null;
  actor_name: string | null;
  ip: string | null;
  user_agent: string | null;
  details: Record<string, unknown>;
  created_at: string;
}
