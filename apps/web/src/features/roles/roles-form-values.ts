import type { Permission } from '@gestor/shared';

// The values of the role form as react-hook-form holds them: what the declaration's `fromRecord`
// makes of a record and `toBody` sends. In a file of their own so that the area's components use
// them without importing its declaration (roles-screens.tsx), which imports those components: a
// cycle `npm run lint` refuses.

export interface RoleFormValues {
  name: string;
  label: string;
  permissions: Permission[];
}
