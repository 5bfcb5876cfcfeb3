import {
  ACTIONS,
  type Action,
  EXTRA_ACTIONS,
  type ExtraAction,
  PERMISSION_GROUPS,
  type Permission,
  type PermissionGroup,
  PICKER_NEEDS,
  permissionsOf,
  pickerPermissionsOf,
  requiredPermissionsOf,
} from '@gestor/shared';

// The permission matrix (a role's permissions; an API token's abilities in Mi cuenta): rows are areas,
// then the extra permissions' groups ("Actividad", decision 031), columns are actions (docs/http-api.md#permissions). Publicar exists only for the areas
// that publish, Ver respuestas and Corregir only for tests, and Actividad has only Ver, so the columns
// have holes.

export const MATRIX_ACTIONS = [...ACTIONS, ...EXTRA_ACTIONS] as const;
export type MatrixAction = Action | ExtraAction;

/** The permission of one cell, or null where the area has no such action. */
export function cellPermission(area: PermissionGroup, action: MatrixAction): Permission | null {
  const name = `${area}.${action}` as Permission;
  return permissionsOf(area).includes(name) ? name : null;
}

export function rowPermissions(area: PermissionGroup): Permission[] {
  return permissionsOf(area);
}

export function columnPermissions(action: MatrixAction): Permission[] {
  return PERMISSION_GROUPS.map((area) => cellPermission(area, action)).filter(
    (name): name is Permission => name !== null,
  );
}

/** One order for every list of permissions, so an edit that ends where it began is not a change. */
export function normalizePermissions(list: readonly Permission[]): Permission[] {
  return [...new Set(list)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

export function hasAll(selected: readonly Permission[], group: readonly Permission[]): boolean {
  return group.length > 0 && group.every((name) => selected.includes(name));
}

export function hasSome(selected: readonly Permission[], group: readonly Permission[]): boolean {
  return group.some((name) => selected.includes(name));
}

/** Turns one permission on or off. */
export function setPermission(selected: readonly Permission[], name: Permission, on: boolean): Permission[] {
  return normalizePermissions(on ? [...selected, name] : selected.filter((item) => item !== name));
}

/** A whole row or column: all on when any is off, all off when every one is on. */
export function toggleGroup(selected: readonly Permission[], group: readonly Permission[]): Permission[] {
  return hasAll(selected, group)
    ? selected.filter((name) => !group.includes(name))
    : normalizePermissions([...selected, ...group]);
}

/**
 * The part of a row or column the person may give (docs/http-api.md: only permissions they hold): the
 * row and column checkboxes turn on or off only these, leaving the others as they are.
 */
export function grantableOf(group: readonly Permission[], grantable: readonly Permission[]): Permission[] {
  return group.filter((name) => grantable.includes(name));
}

/**
 * Decision 014: turning on an area's create or update also turns on the permissions its form's
 * pickers need (news: multimedia.view and category.view, and multimedia.create to upload from the
 * picker, decision 044), where the person may give them. Turning
 * one of those off afterwards is allowed; the matrix then says what the role cannot pick.
 */
export function withPickerNeeds(
  previous: readonly Permission[],
  next: readonly Permission[],
  grantable: readonly Permission[],
): Permission[] {
  const turnedOn = next.filter((name) => !previous.includes(name));
  const needed = PICKER_NEEDS.filter(
    ({ area }) => turnedOn.includes(`${area}.create`) || turnedOn.includes(`${area}.update`),
  )
    .flatMap(pickerPermissionsOf)
    // And what a permission turned on cannot work without (grading needs seeing the responses).
    .concat(turnedOn.flatMap(requiredPermissionsOf))
    .filter((name) => grantable.includes(name));
  return normalizePermissions([...next, ...needed]);
}
