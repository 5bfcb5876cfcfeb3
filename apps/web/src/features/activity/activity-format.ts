import {
  ACTIVITY_KIND_LABELS,
  type ActivityEntry,
  AREA_LABELS,
  describeUserAgent,
  isPermission,
  permissionLabel,
  REVIEW_CHANGE_LABELS,
  SECURITY_AREA_LABEL,
} from '@gestor/shared';

// How one row of the activity log reads (decision 031): pure, so the table and the cards say the
// same and a unit test can read it.

export const areaLabel = (entry: ActivityEntry) =>
  entry.area ? AREA_LABELS[entry.area] : SECURITY_AREA_LABEL;

export const kindLabel = (entry: ActivityEntry) => ACTIVITY_KIND_LABELS[entry.kind] ?? entry.kind;

/** The record's title as the log knows it, or its number when no title was ever recorded. */
export function recordTitle(entry: ActivityEntry): string | null {
  if (!entry.record) return null;
  return entry.record.title || `Registro n.º ${entry.record.id}`;
}

const listed = (names: unknown, label: (name: string) => string) =>
  Array.isArray(names) ? names.map((name) => label(String(name))).join(', ') : '';

const permissionName = (name: string) => (isPermission(name) ? permissionLabel(name) : name);

/** "Añadidos: …", "Retirados: …" of a change of permissions or roles. */
function changeLines(change: unknown, label: (name: string) => string): string[] {
  if (typeof change !== 'object' || change === null) return [];
  const { added, removed } = change as { added?: unknown; removed?: unknown };
  const lines: string[] = [];
  const given = listed(added, label);
  const taken = listed(removed, label);
  if (given) lines.push(`Añadidos: ${given}`);
  if (taken) lines.push(`Retirados: ${taken}`);
  return lines;
}

const REFUSAL_REASONS: Record<string, string> = {
  credentials: 'contraseña o correo incorrectos',
  disabled: 'cuenta desactivada',
};

/** What the row says beyond who, when and where: the fields changed, or the security event's facts. */
export function detailLines(entry: ActivityEntry): string[] {
  if (entry.source === 'audit') {
    // A review's note and reviewer are no field of the record: the log names them by their key.
    const fields = entry.fields.map((field) => REVIEW_CHANGE_LABELS[field] ?? field);
    return fields.length ? [`Campos: ${fields.join(', ')}`] : [];
  }
  const lines: string[] = [];
  const { details, subject } = entry;
  const role = details.role as { label?: string } | undefined;
  if (role?.label) lines.push(`Rol: ${role.label}`);
  if (subject?.email || subject?.name) {
    const whose =
      subject.name && subject.email ? `${subject.name} (${subject.email})` : (subject.email ?? subject.name);
    lines.push(`Cuenta: ${whose}`);
  }
  lines.push(...changeLines(details.permissions, permissionName));
  lines.push(...changeLines(details.roles, (name) => name));
  // An API token created or revoked (decision 037): which one, by the name its owner gave it.
  if (
    (entry.kind === 'token_created' || entry.kind === 'token_revoked') &&
    typeof details.name === 'string'
  ) {
    lines.push(`Token: «${details.name}»`);
  }
  const reason = typeof details.reason === 'string' ? details.reason : null;
  if (reason) lines.push(`Motivo: ${REFUSAL_REASONS[reason] ?? reason}`);
  if (entry.ip) lines.push(`Dirección IP: ${entry.ip}`);
  // Issue 30: "Firefox en Linux", as the new-device mail and Mi cuenta's sessions say it.
  if (entry.user_agent) lines.push(`Navegador: ${describeUserAgent(entry.user_agent)}`);
  return lines;
}
