// docs/http-api.md#permissions: names are <area>.<action>, plus news.publish and page.publish.

export const AREAS = [
  'news',
  'page',
  'role',
  'test',
  'user',
  'slide',
  'space',
  'entity',
  'category',
  'multimedia',
  'webhook',
] as const;
export type Area = (typeof AREAS)[number];

/** Each area's segment under /api (docs/http-api.md lists them plural), known without loading its contract. */
export const AREA_API_PATHS: Record<Area, string> = {
  news: 'news',
  page: 'pages',
  role: 'roles',
  test: 'tests',
  user: 'users',
  slide: 'slides',
  space: 'spaces',
  entity: 'entities',
  category: 'categories',
  multimedia: 'multimedia',
  webhook: 'webhooks',
};

export const ACTIONS = ['view', 'create', 'update', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];

export const AREA_LABELS: Record<Area, string> = {
  news: 'Noticias',
  page: 'Páginas',
  role: 'Roles',
  test: 'Tests',
  user: 'Usuarios',
  slide: 'Diapositivas',
  space: 'Espacios',
  entity: 'Entidades',
  category: 'Categorías',
  multimedia: 'Multimedia',
  webhook: 'Webhooks',
};

export const ACTION_LABELS: Record<Action | 'publish', string> = {
  view: 'Ver',
  create: 'Crear',
  update: 'Editar',
  delete: 'Eliminar',
  publish: 'Publicar',
};

const PUBLISHABLE: readonly Area[] = ['news', 'page'];

/**
 * Permissions that belong to no area of records (issue 20): each is a row of the role form's matrix
 * with only the actions it has. `activity.view` reads the activity log, every area's changes and the
 * security log (decision 031).
 */
export const EXTRA_PERMISSIONS = { activity: ['view'] } as const satisfies Record<string, readonly Action[]>;
type ExtraGroup = keyof typeof EXTRA_PERMISSIONS;

/** A row of the permission matrix: an area, or a group of extra permissions. */
export type PermissionGroup = Area | ExtraGroup;

export const PERMISSION_GROUPS: readonly PermissionGroup[] = [
  ...AREAS,
  ...(Object.keys(EXTRA_PERMISSIONS) as ExtraGroup[]),
];

export const PERMISSION_GROUP_LABELS: Record<PermissionGroup, string> = {
  ...AREA_LABELS,
  activity: 'Actividad',
};

export type Permission =
  | `${Area}.${Action}`
  | 'news.publish'
  | 'page.publish'
  | {
      [G in ExtraGroup]: `${G}.${(typeof EXTRA_PERMISSIONS)[G][number]}`;
    }[ExtraGroup];

const isExtraGroup = (group: PermissionGroup): group is ExtraGroup => Object.hasOwn(EXTRA_PERMISSIONS, group);

export function permissionsOf(group: PermissionGroup): Permission[] {
  if (isExtraGroup(group)) {
    return EXTRA_PERMISSIONS[group].map((action) => `${group}.${action}` as Permission);
  }
  const names: Permission[] = ACTIONS.map((action) => `${group}.${action}` as const);
  if (PUBLISHABLE.includes(group)) names.push(`${group}.publish` as Permission);
  return names;
}

export const PERMISSIONS: readonly Permission[] = PERMISSION_GROUPS.flatMap(permissionsOf);

export function isPermission(name: string): name is Permission {
  return (PERMISSIONS as readonly string[]).includes(name);
}

/** Spanish label of one permission, e.g. "Noticias: Publicar". */
export function permissionLabel(name: Permission): string {
  const [group, action] = name.split('.') as [PermissionGroup, Action | 'publish'];
  return `${PERMISSION_GROUP_LABELS[group]}: ${ACTION_LABELS[action]}`;
}

const CONTENT_AREAS: readonly Area[] = ['news', 'page', 'slide', 'category', 'multimedia'];
// Who may do what, and where content is sent (a webhook's address and events are integration
// settings): the administrator's alone unless a role is given them.
const ACCESS_AREAS: readonly Area[] = ['role', 'user', 'webhook'];

/** The roles every installation starts with (docs/http-api.md). */
export const SEEDED_ROLES: ReadonlyArray<{ name: string; label: string; permissions: Permission[] }> = [
  { name: 'admin', label: 'Administrador', permissions: [...PERMISSIONS] },
  {
    name: 'editor',
    label: 'Editor',
    permissions: AREAS.flatMap((area) =>
      CONTENT_AREAS.includes(area)
        ? permissionsOf(area)
        : ACCESS_AREAS.includes(area)
          ? []
          : [`${area}.view` as Permission],
    ),
  },
  {
    name: 'lector',
    label: 'Lector',
    permissions: AREAS.filter((area) => !ACCESS_AREAS.includes(area)).map(
      (area) => `${area}.view` as Permission,
    ),
  },
];

export const ADMIN_ROLE = 'admin';

/**
 * docs/http-api.md#permissions (after Kubernetes RBAC's escalation rule): a person may manage a user
 * (edit, disable, delete, send a reset link) or give a role only when they hold every permission that
 * user or role holds. An unknown set (an answer without `permissions`) is never manageable. The API
 * enforces it; the SPA offers only what it allows. Zod-free, so the SPA's first bundle may import it
 * through `@gestor/shared/permissions`.
 */
export function mayManage(
  actorPermissions: readonly Permission[] | null | undefined,
  targetPermissions: readonly Permission[] | null | undefined,
): boolean {
  if (!Array.isArray(actorPermissions) || !Array.isArray(targetPermissions)) return false;
  const held = new Set(actorPermissions);
  return targetPermissions.every((permission) => held.has(permission));
}

/**
 * Which areas a form picks records from (decision 014): writing news means choosing a cover and body
 * images from the library and categories, so a role that may create or edit news needs
 * `multimedia.view` and `category.view` as well. A picker that `uploads` also puts new files in the
 * library (decision 044: a writer uploads the photo she inserts), which needs `<from>.create`. The
 * role form turns these on with the write permission and says so in the matrix; the pickers ask only
 * people who hold them (a 403 signs the person out).
 */
export const PICKER_NEEDS: readonly { area: Area; from: Area; what: string; uploads?: true }[] = [
  { area: 'news', from: 'multimedia', what: 'la portada y las imágenes del texto', uploads: true },
  { area: 'news', from: 'category', what: 'las categorías' },
  { area: 'page', from: 'multimedia', what: 'las imágenes del texto', uploads: true },
  { area: 'category', from: 'category', what: 'la categoría superior' },
  { area: 'category', from: 'multimedia', what: 'la imagen', uploads: true },
  { area: 'entity', from: 'multimedia', what: 'el logotipo', uploads: true },
  { area: 'space', from: 'entity', what: 'la entidad' },
  { area: 'space', from: 'multimedia', what: 'la galería', uploads: true },
  { area: 'slide', from: 'multimedia', what: 'la imagen', uploads: true },
  { area: 'user', from: 'role', what: 'los roles' },
];

/** The permissions a picker needs: view what it lists, and create where it uploads. */
export const pickerPermissionsOf = ({ from, uploads }: (typeof PICKER_NEEDS)[number]): Permission[] =>
  uploads ? [`${from}.view`, `${from}.create`] : [`${from}.view`];

/** What the role form grants beside an area's create or update: every need's permissions. */
export function pickerGrantsOf(permissions: readonly Permission[]): Permission[] {
  const needs = PICKER_NEEDS.filter(
    ({ area }) => permissions.includes(`${area}.create`) || permissions.includes(`${area}.update`),
  );
  return [...new Set(needs.flatMap(pickerPermissionsOf))]
    .filter((name) => !permissions.includes(name))
    .sort();
}

/** The view permissions a set of permissions needs for its forms' pickers, beyond those it holds. */
export function pickerNeedsOf(permissions: readonly Permission[]): typeof PICKER_NEEDS {
  return PICKER_NEEDS.filter(
    ({ area, from }) =>
      (permissions.includes(`${area}.create`) || permissions.includes(`${area}.update`)) &&
      !permissions.includes(`${from}.view`),
  );
}
