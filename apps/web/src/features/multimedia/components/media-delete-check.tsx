import { HIDDEN_USAGE, type MediaRecord, type MediaUsage } from '@gestor/shared';
import { useQueries } from '@tanstack/react-query';
import { DELETE_CLEAR } from '../../../components/list/delete-confirm-dialog';
import { mediaUsageQuery } from '../../../components/media/media-api';
import type { DeleteCheck } from '../../../components/resource/resource-screens';
import { usageArea } from './media-usages';

// docs/areas.md#rules-shared-by-the-content-areas: the server refuses to delete an item something references. Issue 16: the
// confirmation says so itself, naming where, before anyone presses a button that would fail.

const places = (count: number) => (count === 1 ? '1 sitio' : `${count} sitios`);

/** "Noticias: «Fiesta mayor»", or "Páginas: un elemento que no puede ver". */
function usageText(item: MediaUsage): string {
  const { label } = usageArea(item);
  return `${label}: ${item.title === null ? HIDDEN_USAGE : `«${item.title}»`}`;
}

function UsageList({ usages }: { usages: readonly MediaUsage[] }) {
  return (
    <ul className="media-delete-usages">
      {usages.map((item) => (
        <li key={`${item.area}:${item.id}`}>{usageText(item)}</li>
      ))}
    </ul>
  );
}

/**
 * Asks where each item to delete is used (GET /api/multimedia/{id}/usage, fresh each time the dialog
 * opens) and blocks the deletion while any is. An answer that fails leaves the server as the guard.
 */
export function useMediaDeleteCheck(records: readonly MediaRecord[]): DeleteCheck {
  const answers = useQueries({
    queries: records.map((record) => ({ ...mediaUsageQuery(record.id), staleTime: 0 })),
  });
  if (records.length === 0) return DELETE_CLEAR;
  if (answers.some((answer) => answer.isPending)) return { state: 'checking' };
  const inUse = records
    .map((record, index) => ({ record, usages: answers[index]?.data ?? [] }))
    .filter(({ usages }) => usages.length > 0);
  if (inUse.length === 0) return DELETE_CLEAR;

  if (records.length === 1) {
    const [{ usages }] = inUse as [(typeof inUse)[number]];
    return {
      state: 'blocked',
      reason: (
        <div className="media-delete-blocked">
          <p>Se usa en {places(usages.length)}:</p>
          <UsageList usages={usages} />
          <p>Quítelo de esos sitios antes de eliminarlo.</p>
        </div>
      ),
    };
  }
  return {
    state: 'blocked',
    reason: (
      <div className="media-delete-blocked">
        <p>
          {inUse.length === 1
            ? `1 de los ${records.length} archivos elegidos se usa:`
            : `${inUse.length} de los ${records.length} archivos elegidos se usan:`}
        </p>
        <ul className="media-delete-items">
          {inUse.map(({ record, usages }) => (
            <li key={record.id}>
              «{record.original_name}» se usa en {places(usages.length)}:
              <UsageList usages={usages} />
            </li>
          ))}
        </ul>
        <p>Quítelos de esos sitios, o elija solo archivos que no se usen.</p>
      </div>
    ),
  };
}
