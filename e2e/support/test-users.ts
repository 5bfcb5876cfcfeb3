// The accounts the browser tests sign in with. Each test that changes an account's state (failed
// attempts that throttle it, a password reset) has an account of its own, so tests running in
// parallel never see each other's effects.

export interface TestUser {
  email: string;
  name: string;
  password: string;
  role: 'admin' | 'editor' | 'lector';
  /** The role's label as the home page shows it ("Ha accedido como <roleLabel>."). */
  roleLabel: string;
}

/** Created at server start through ADMIN_EMAIL / ADMIN_PASSWORD (the first administrator). */
export const admin: TestUser = {
  email: 'admin@e2e.test',
  // seedFirstAdmin names the first administrator "Administrador".
  name: 'Administrador',
  password: 'admin-e2e-password',
  role: 'admin',
  roleLabel: 'Administrador',
};

export const editor: TestUser = {
  email: 'editora@e2e.test',
  name: 'Elena Editora',
  password: 'editora-e2e-password',
  role: 'editor',
  roleLabel: 'Editor',
};

/** Only the throttling test signs in (and fails) with this one. */
export const throttled: TestUser = {
  email: 'bloqueo@e2e.test',
  name: 'Berta Bloqueo',
  password: 'bloqueo-e2e-password',
  role: 'lector',
  roleLabel: 'Lector',
};

/** Only the password-reset test uses this one; its password changes during the run. */
export const forgetful: TestUser = {
  email: 'olvido@e2e.test',
  name: 'Óscar Olvido',
  password: 'olvido-e2e-password',
  role: 'lector',
  roleLabel: 'Lector',
};

/** Created with the CLI before the server starts (the admin comes from ADMIN_EMAIL instead). */
export const cliUsers: TestUser[] = [editor, throttled, forgetful];
