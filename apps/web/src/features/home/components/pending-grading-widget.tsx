import type { DashboardPendingGrading } from '@gestor/shared/dashboard';
import { RecordsWidget } from './record-list';
import { areaIcon, type HomeArea } from './record-path';

// «Pendiente de corregir» (issue 33), for those who grade (test.grade): tests whose responses have
// text answers no one has graded yet, most waiting first, each opening its responses filtered to
// those. The address is the tests area's «Respuestas» (features/tests/answers-paths.ts): features do
// not import each other.

const pendingResponses = (testId: number) => `/test/${testId}/respuestas?filter[pending]=true`;

export function PendingGradingWidget({
  tests,
  areas,
}: {
  tests: readonly DashboardPendingGrading[];
  areas: readonly HomeArea[];
}) {
  return (
    <RecordsWidget
      id="pending-grading"
      title="Pendiente de corregir"
      icon="pi pi-pen-to-square"
      empty="No hay respuestas esperando corrección."
      items={tests.map((test) => ({
        id: test.id,
        icon: areaIcon(areas, 'test'),
        title: test.title,
        href: pendingResponses(test.id),
        meta:
          test.count === 1
            ? '1 respuesta por corregir'
            : `${test.count.toLocaleString('es-ES')} respuestas por corregir`,
      }))}
    />
  );
}
