import { TESTS, type TestRecord } from '@gestor/shared';
import { type ReactNode, useId } from 'react';
import { useResourceRecord } from '../../../components/resource/resource-api';
import { Breadcrumbs, type Crumb } from '../../../components/ui/breadcrumbs';
import { Notice } from '../../../components/ui/notice';
import { useCan } from '../../../lib/permissions';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { testPath } from '../answers-paths';
import '../../../components/resource/resource.css';
import './answers.css';

// The frame of the screens that read a test's answers (/test/{id}/respuestas, …/{rid}, /resultados):
// where they sit (Tests › «the test» › …), the heading, its buttons. The test itself is read only
// with test.view (test.results alone does not grant it, and a 403 signs the person out).

/** The test whose answers are read, when the person may view tests. */
export function useAnswersTest(testId: number) {
  const can = useCan();
  return useResourceRecord<TestRecord>(TESTS, testId, { enabled: can('test.view') });
}

export function AnswersPage({
  test,
  testId,
  heading,
  headingId: givenId,
  trail = [],
  actions,
  toast,
  className = '',
  children,
}: {
  test: TestRecord | undefined;
  testId: number;
  /** The page's h1 (and its document title, with the test's). */
  heading: string;
  /** The h1's id, for what it names (a list's table). */
  headingId?: string;
  /** Steps between the test and this page (a response's list). */
  trail?: readonly Crumb[];
  actions?: ReactNode;
  toast?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const can = useCan();
  const viewable = can('test.view');
  const ownId = useId();
  const headingId = givenId ?? ownId;
  useDocumentTitle(test ? `${heading} · ${test.title}` : heading);
  return (
    <section className={`page answers-page ${className}`} aria-labelledby={headingId}>
      {toast}
      <Breadcrumbs
        trail={[
          { label: 'Tests', to: viewable ? '/test' : undefined },
          { label: test?.title ?? `Test n.º ${testId}`, to: viewable ? testPath(testId) : undefined },
          ...trail,
          { label: heading },
        ]}
      />
      <header className="resource-header">
        <h1 id={headingId}>{heading}</h1>
        {actions && <div className="resource-header-actions">{actions}</div>}
      </header>
      {children}
    </section>
  );
}

/** An address whose id names no test. */
export function MissingTest() {
  return <Notice severity="error">Este elemento no existe o ha sido eliminado.</Notice>;
}
