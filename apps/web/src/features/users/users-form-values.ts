import type { USERS } from '@gestor/shared';
import type { FormValuesOf } from '../../components/resource/form-values';

// In a file of its own so the area's components use it without importing users-screens.tsx, which
// imports them (a cycle `npm run lint` refuses). Roles by name; the password '' unless typed.
export type UserFormValues = FormValuesOf<typeof USERS.fields>;
