// The values of the user form as react-hook-form holds them: what the declaration's `fromRecord`
// makes of a record and `toBody` sends. In a file of their own so that the area's components use
// them without importing its declaration (users-screens.tsx), which imports those components: a
// cycle `npm run lint` refuses.

export interface UserFormValues {
  name: string;
  email: string;
  /** Role names: written by name, read back as objects (DESIGN.md §3). */
  roles: string[];
  active: boolean;
  /** Empty means "no password": an invitation on creation, the current one on edit. */
  password: string;
  send_invitation: boolean;
}
