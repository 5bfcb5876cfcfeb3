import type { TestRecord } from '@gestor/shared';
import { ButtonLink } from '../../../components/ui/button-link';
import { useCan } from '../../../lib/permissions';
import { formatCount } from '../answers-format';
import { responsesPath, resultsPath } from '../answers-paths';

/** On a saved test, for whoever may read its answers (test.results): «Respuestas (N)» and «Resultados». */
export function AnswersLinks({ record }: { record: TestRecord }) {
  const can = useCan();
  if (!can('test.results')) return null;
  return (
    <nav className="test-answers-links" aria-label="Respuestas y resultados">
      <ButtonLink
        to={responsesPath(record.id)}
        icon="pi pi-inbox"
        label={`Respuestas (${formatCount(record.responses_count)})`}
        variant="outlined"
      />
      <ButtonLink to={resultsPath(record.id)} icon="pi pi-chart-bar" label="Resultados" variant="outlined" />
    </nav>
  );
}
