import { DateControl } from '../controls';

/** The hint under «Revisar antes de»: what the day is for. */
export const REVISE_BY_HINT = 'Recibirá un aviso en Inicio cuando se acerque la fecha.';

/**
 * docs/areas.md, «Revisar antes de» (`revise_by`, news and pages): the day by which someone should read
 * the item again. An ordinary field, not a publication one: anyone who may edit the item sets it, and
 * the form sends it as it is (`null` when emptied). The home page's «Por revisar» lists what is due
 * within DASHBOARD_REVISE_DAYS days, or overdue, to those who edit the area.
 */
export function ReviseByControl() {
  return (
    <div className="revise-by-field">
      <DateControl name="revise_by" hint={REVISE_BY_HINT} />
    </div>
  );
}
