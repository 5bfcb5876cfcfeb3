// docs/http-api.md#permissions: names are <area>.<action>, plus news.publish and page.publish.

export const AREAS = [
  'news',
  'page',
  'event',
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

/** The grammatical gender of an area's noun, for "Nueva noticia", "Creado", "la categoría". */
export type Gender = 'masculine' | 'feminine';

/** The search palette's command to an area's create screen, as a person asks for it: "Nueva noticia". */
export const newRecordLabel = ({ one, gender }: AreaEntry['noun']) =>
  `${gender === 'feminine' ? 'Nueva' : 'Nuevo'} ${one}`;

/** A form of one area that picks records of another (decision 014; PICKER_NEEDS below). */
export interface PickerNeed {
  from: Area;
  /** What it picks, as the role form says it: "la portada y las imágenes del texto". */
  what: string;
  /** It also uploads into that area (decision 044: a writer uploads the photo she inserts). */
  uploads?: true;
}

/** What an area is, beyond its contract: the one entry every cross-area list is derived from. */
export interface AreaEntry {
  /** Its segment under /api (docs/http-api.md lists them plural). */
  path: string;
  /** Its name in the menu, the permission matrix, the activity log. */
  label: string;
  /** Its one-record noun, its plural and their gender ("Nueva noticia", "publicarlo", "Evento publicado"). */
  noun: { one: string; many: string; gender: Gender };
  /** Publishing is a permission of its own (`<area>.publish`). */
  publishes?: true;
  /**
   * Permissions of its own beyond the four actions and publishing (EXTRA_ACTIONS): a test's
   * responses are read with `test.results` and graded with `test.grade`; an item is sent to review
   * with `<area>.submit` and reviewed with `<area>.review` (docs/review.md).
   */
  actions?: readonly AreaAction[];
  /** The seeded "Editor" role: manages it (content), only reads it, or leaves it to the administrator. */
  editor: 'manages' | 'reads' | 'none';
  /** The areas its forms pick records from. */
  pickers?: readonly PickerNeed[];
  /**
   * What the website is told of its changes (docs/webhooks.md): each step of a publication (published,
   * updated, unpublished, deleted), or one `<area>.changed`.
   */
  webhooks?: 'publication' | 'changes';
}

/**
 * Every area's entry (decision 047): the API paths, labels, publish permissions, seeded roles, picker
 * needs and webhook events are read from here, so a new area is stated once and the compiler asks
 * for each of them. Zod-free: the SPA's first bundle reads it.
 */
export const AREA_REGISTRY = {
  news: {
    path: 'news',
    label: 'Noticias',
    noun: { one: 'noticia', many: 'noticias', gender: 'feminine' },
    publishes: true,
    actions: ['submit', 'review'],
    editor: 'manages',
    pickers: [
      { from: 'multimedia', what: 'la portada y las imágenes del texto', uploads: true },
      { from: 'category', what: 'las categorías' },
    ],
    webhooks: 'publication',
  },
  page: {
    path: 'pages',
    label: 'Páginas',
    noun: { one: 'página', many: 'páginas', gender: 'feminine' },
    publishes: true,
    actions: ['submit', 'review'],
    editor: 'manages',
    pickers: [{ from: 'multimedia', what: 'las imágenes del texto', uploads: true }],
    webhooks: 'publication',
  },
  event: {
    path: 'events',
    label: 'Agenda',
    noun: { one: 'evento', many: 'eventos', gender: 'masculine' },
    publishes: true,
    editor: 'manages',
    pickers: [
      { from: 'multimedia', what: 'la imagen y las del texto', uploads: true },
      { from: 'category', what: 'las categorías' },
      { from: 'space', what: 'el espacio' },
    ],
    webhooks: 'publication',
  },
  // Who may do what, and where content is sent (a webhook's address and events are integration
  // settings): the administrator's alone unless a role is given them.
  role: {
    path: 'roles',
    label: 'Roles',
    noun: { one: 'rol', many: 'roles', gender: 'masculine' },
    editor: 'none',
  },
  test: {
    path: 'tests',
    label: 'Tests',
    noun: { one: 'test', many: 'tests', gender: 'masculine' },
    editor: 'reads',
    actions: ['results', 'grade'],
  },
  user: {
    path: 'users',
    label: 'Usuarios',
    noun: { one: 'usuario', many: 'usuarios', gender: 'masculine' },
    editor: 'none',
    pickers: [{ from: 'role', what: 'los roles' }],
  },
  slide: {
    path: 'slides',
    label: 'Diapositivas',
    noun: { one: 'diapositiva', many: 'diapositivas', gender: 'feminine' },
    editor: 'manages',
    pickers: [{ from: 'multimedia', what: 'la imagen', uploads: true }],
    webhooks: 'changes',
  },
  space: {
    path: 'spaces',
    label: 'Espacios',
    noun: { one: 'espacio', many: 'espacios', gender: 'masculine' },
    editor: 'reads',
    pickers: [
      { from: 'entity', what: 'la entidad' },
      { from: 'multimedia', what: 'la galería', uploads: true },
    ],
    webhooks: 'changes',
  },
  entity: {
    path: 'entities',
    label: 'Entidades',
    noun: { one: 'entidad', many: 'entidades', gender: 'feminine' },
    editor: 'reads',
    pickers: [{ from: 'multimedia', what: 'el logotipo', uploads: true }],
    webhooks: 'changes',
  },
  category: {
    path: 'categories',
    label: 'Categorías',
    noun: { one: 'categoría', many: 'categorías', gender: 'feminine' },
    editor: 'manages',
    pickers: [
      { from: 'category', what: 'la categoría superior' },
      { from: 'multimedia', what: 'la imagen', uploads: true },
    ],
    webhooks: 'changes',
  },
  multimedia: {
    path: 'multimedia',
    label: 'Multimedia',
    noun: { one: 'archivo', many: 'archivos', gender: 'masculine' },
    editor: 'manages',
    webhooks: 'changes',
  },
  webhook: {
    path: 'webhooks',
    label: 'Webhooks',
    noun: { one: 'webhook', many: 'webhooks', gender: 'masculine' },
    editor: 'none',
  },
} as const satisfies Record<Area, AreaEntry>;

type Registry = typeof AREA_REGISTRY;
const entries = () => AREAS.map((area) => [area, AREA_REGISTRY[area] as AreaEntry] as const);
const byArea = <T>(pick: (entry: AreaEntry) => T) =>
  Object.fromEntries(entries().map(([area, entry]) => [area, pick(entry)])) as Record<Area, T>;

/** Each area's segment under /api, known without loading its contract. */
export const AREA_API_PATHS: Record<Area, string> = byArea((entry) => entry.path);

export const ACTIONS = ['view', 'create', 'update', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];

/**
 * Actions only some areas have, each a column of the role form's matrix after the four: publishing
 * (`publishes`), and what an area's entry lists in `actions`.
 */
export const EXTRA_ACTIONS = ['submit', 'review', 'publish', 'results', 'grade'] as const;
export type ExtraAction = (typeof EXTRA_ACTIONS)[number];
/** What an area's entry may list in `actions` (publishing has its own flag). */
export type AreaAction = Exclude<ExtraAction, 'publish'>;

export const AREA_LABELS: Record<Area, string> = byArea((entry) => entry.label);

export const ACTION_LABELS: Record<Action | ExtraAction, string> = {
  view: 'Ver',
  create: 'Crear',
  update: 'Editar',
  delete: 'Eliminar',
  submit: 'Enviar a revisión',
  review: 'Revisar',
  publish: 'Publicar',
  results: 'Ver respuestas',
  grade: 'Corregir',
};

/**
 * What a permission beyond the four lets a person do, in the role form's words (issue 33: the role
 * form says it). Keyed by permission, so an area's own wording can differ.
 */
export const EXTRA_PERMISSION_DESCRIPTIONS: Partial<Record<Permission, string>> = {
  'news.submit':
    'Enviar una noticia en borrador a revisión, con una nota y, si quiere, a una persona concreta. Mientras está en revisión, cambiarla la devuelve a borrador.',
  'news.review':
    'Revisar las noticias enviadas: verlas en «Pendiente de revisar», corregirlas y devolverlas con comentarios. Aprobarlas es publicarlas, con «Publicar».',
  'news.publish': 'Publicar, programar y retirar noticias; sin él, se guardan como borrador.',
  'page.submit':
    'Enviar una página en borrador a revisión, con una nota y, si quiere, a una persona concreta. Mientras está en revisión, cambiarla la devuelve a borrador.',
  'page.review':
    'Revisar las páginas enviadas: verlas en «Pendiente de revisar», corregirlas y devolverlas con comentarios. Aprobarlas es publicarlas, con «Publicar».',
  'page.publish': 'Publicar y retirar páginas; sin él, se guardan como borrador.',
  'event.publish': 'Publicar, programar y retirar eventos de la agenda; sin él, se guardan como borrador.',
  'test.results':
    'Ver las respuestas de los tests y sus resultados (estadísticas), exportarlas y borrar una respuesta a petición de quien la dio. Necesita «Tests: Ver».',
  'test.grade':
    'Corregir las respuestas de texto libre (puntos y comentario), lo que completa la nota. Necesita «Ver respuestas».',
};

/**
 * A permission that is useless without another: grading without reading the responses, reading a
 * test's responses without seeing the test (its questions).
 */
export const PERMISSION_REQUIRES: Partial<Record<Permission, Permission>> = {
  'test.grade': 'test.results',
  'test.results': 'test.view',
  // Sending to review and reviewing both work on the item in the editor (docs/review.md).
  'news.submit': 'news.update',
  'news.review': 'news.update',
  'page.submit': 'page.update',
  'page.review': 'page.update',
};

/** What a permission needs, and what that needs in turn (grading: the responses, then the test). */
export function requiredPermissionsOf(name: Permission): Permission[] {
  const needed: Permission[] = [];
  for (
    let next = PERMISSION_REQUIRES[name];
    next && !needed.includes(next);
    next = PERMISSION_REQUIRES[next]
  ) {
    needed.push(next);
  }
  return needed;
}

/** The areas whose publishing is a permission of its own. */
type Publishing = { [A in Area]: Registry[A] extends { publishes: true } ? A : never }[Area];
/** Each area's own actions (its entry's `actions`), as permission names. */
type OwnActions = {
  [A in Area]: Registry[A] extends { actions: readonly (infer X extends AreaAction)[] } ? `${A}.${X}` : never;
}[Area];

/** An area's actions beyond the four, in the matrix's column order. */
function extraActionsOf(area: Area): ExtraAction[] {
  const entry = AREA_REGISTRY[area] as AreaEntry;
  return EXTRA_ACTIONS.filter((action) =>
    action === 'publish' ? entry.publishes === true : (entry.actions ?? []).includes(action),
  );
}

/**
 * Permissions that belong to no area of records (issue 20): each is a row of the role form's matrix
 * with only the actions it has. `activity.view` reads the activity log, every area's changes and the
 * security log (decision 031); `accessibility.view` reads the «Accesibilidad» screen, the open findings
 * of every published body and the overrides with their reasons (docs/accessibility.md).
 */
export const EXTRA_PERMISSIONS = { activity: ['view'], accessibility: ['view'] } as const satisfies Record<
  string,
  readonly Action[]
>;
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
  accessibility: 'Accesibilidad',
};

export type Permission =
  | `${Area}.${Action}`
  | `${Publishing}.publish`
  | OwnActions
  | {
      [G in ExtraGroup]: `${G}.${(typeof EXTRA_PERMISSIONS)[G][number]}`;
    }[ExtraGroup];

const isExtraGroup = (group: PermissionGroup): group is ExtraGroup => Object.hasOwn(EXTRA_PERMISSIONS, group);

export function permissionsOf(group: PermissionGroup): Permission[] {
  if (isExtraGroup(group)) {
    return EXTRA_PERMISSIONS[group].map((action) => `${group}.${action}` as Permission);
  }
  return [...ACTIONS, ...extraActionsOf(group)].map((action) => `${group}.${action}` as Permission);
}

export const PERMISSIONS: readonly Permission[] = PERMISSION_GROUPS.flatMap(permissionsOf);

export function isPermission(name: string): name is Permission {
  return (PERMISSIONS as readonly string[]).includes(name);
}

/** Spanish label of one permission, e.g. "Noticias: Publicar". */
export function permissionLabel(name: Permission): string {
  const [group, action] = name.split('.') as [PermissionGroup, Action | ExtraAction];
  return `${PERMISSION_GROUP_LABELS[group]}: ${ACTION_LABELS[action]}`;
}

/** The roles every installation starts with (docs/http-api.md). */
export const SEEDED_ROLES: ReadonlyArray<{ name: string; label: string; permissions: Permission[] }> = [
  { name: 'admin', label: 'Administrador', permissions: [...PERMISSIONS] },
  {
    name: 'editor',
    label: 'Editor',
    permissions: entries().flatMap(([area, { editor }]) =>
      editor === 'manages' ? permissionsOf(area) : editor === 'reads' ? [`${area}.view` as Permission] : [],
    ),
  },
  {
    name: 'lector',
    label: 'Lector',
    permissions: entries()
      .filter(([, { editor }]) => editor !== 'none')
      .map(([area]) => `${area}.view` as Permission),
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
export const PICKER_NEEDS: readonly ({ area: Area } & PickerNeed)[] = entries().flatMap(([area, entry]) =>
  (entry.pickers ?? []).map((need) => ({ area, ...need })),
);

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
