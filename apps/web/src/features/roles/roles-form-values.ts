import type { ROLES } from '@gestor/shared';
import type { FormValuesOf } from '../../components/resource/form-values';

// In a file of its own so the area's components use it without importing roles-screens.tsx, which
// imports them (a cycle `npm run lint` refuses).
export type RoleFormValues = FormValuesOf<typeof ROLES.fields>;
