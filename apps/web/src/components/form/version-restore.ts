import {
  type AuditEntry,
  capitalized,
  publicationFieldsOf,
  type ResourceContract,
  withArticle,
} from '@gestor/shared';
import { EMPTY_VALUE, formatDateTime } from '../resource/format';

// Issue 30: restoring a version brings back its content; whether and when the record is public
// (the field table's `publication` fields) stays unless the person asks for it, and then the
// confirmation says what will change in words, before it happens.

type Values = Record<string, unknown>;

const isPublic = (status: unknown) => status === 'published' || status === 'scheduled';

/** What restoring the version's publication state would change, one sentence each; none when alike. */
export function publicationChanges(contract: ResourceContract, current: Values, version: Values): string[] {
  const { one } = withArticle(contract.label);
  const feminine = contract.label.gender === 'feminine';
  const subject = capitalized(one);
  const sentences: string[] = [];
  for (const name of publicationFieldsOf(contract.fields)) {
    const now = current[name] ?? null;
    const then = version[name] ?? null;
    if (JSON.stringify(now) === JSON.stringify(then)) continue;
    const def = contract.fields[name]!;
    if (name === 'status') {
      const label = (value: unknown) => def.options?.[String(value)] ?? String(value);
      const published = feminine ? 'publicada' : 'publicado';
      if (isPublic(now) && !isPublic(then)) sentences.push(`${subject} dejará de estar ${published}.`);
      else sentences.push(`${subject} pasará a «${label(then)}».`);
    } else if (typeof now === 'boolean' || typeof then === 'boolean') {
      const adjective = def.label.toLowerCase();
      sentences.push(
        then ? `${subject} volverá a estar ${adjective}.` : `${subject} dejará de estar ${adjective}.`,
      );
    } else {
      const read = (value: unknown) =>
        def.instant ? formatDateTime(value as string | null) : String(value ?? EMPTY_VALUE);
      sentences.push(`${def.label}: ${read(now)} → ${read(then)}.`);
    }
  }
  return sentences;
}

/**
 * How each entry's moment reads in the history: to the minute, or to the second when another entry
 * of the list shares its minute ("Restaurar la versión del 28/11/2026 01:20" twice reads alike).
 */
export function entryMoments(entries: readonly Pick<AuditEntry, 'id' | 'created_at'>[]): Map<number, string> {
  const minutes = new Map<string, number>();
  for (const entry of entries) {
    const minute = formatDateTime(entry.created_at);
    minutes.set(minute, (minutes.get(minute) ?? 0) + 1);
  }
  return new Map(
    entries.map((entry) => {
      const minute = formatDateTime(entry.created_at);
      return [
        entry.id,
        (minutes.get(minute) ?? 0) > 1 ? formatDateTime(entry.created_at, { seconds: true }) : minute,
      ];
    }),
  );
}

/** "la versión del 28/11/2026 01:20:05 de Ana": when and by whom, to tell versions apart. */
export const versionName = (moment: string, entry: Pick<AuditEntry, 'user'>) =>
  `la versión del ${moment} de ${entry.user?.name ?? 'Sistema'}`;
