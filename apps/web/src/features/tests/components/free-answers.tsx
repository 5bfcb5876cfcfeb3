import { useId, useState } from 'react';
import { ListSearch } from '../../../components/list/list-search';
import { ListPaginator } from '../../../components/list/record-table';
import { formatDateTime } from '../../../components/resource/format';
import { PER_PAGE_OPTIONS } from '../../../components/resource/list-state';
import { Notice } from '../../../components/ui/notice';
import { errorMessage } from '../../../lib/form-errors';
import { formatCount, formatDay } from '../answers-format';
import { useTextAnswers } from '../api/list-text-answers';

// A text question's free answers on the results page, to read them together: newest first, searched
// and a page at a time (GET /api/tests/{id}/text-answers). The search and page are the question's
// own, not the address's: a page of many questions has one of each.

export function FreeAnswers({
  testId,
  questionId,
  number,
  anonymous,
  narrow,
}: {
  testId: number;
  questionId: number;
  number: number;
  /** An anonymous test keeps the day of each answer alone. */
  anonymous: boolean;
  narrow: boolean;
}) {
  const [search, setSearch] = useState('');
  const [paging, setPaging] = useState({ page: 1, perPage: PER_PAGE_OPTIONS[0] as number });
  const answers = useTextAnswers(testId, { question: questionId, search, ...paging });
  const listId = useId();
  const rows = answers.data?.data ?? [];
  const total = answers.data?.meta.total ?? 0;
  return (
    <div className="free-answers">
      <div className="free-answers-search">
        <ListSearch
          value={search}
          label={`Buscar en las respuestas a la pregunta ${number}`}
          placeholder="Una palabra de la respuesta"
          onSearch={(text) => {
            setSearch(text);
            setPaging((current) => ({ ...current, page: 1 }));
          }}
        />
      </div>
      {answers.isError && (
        <Notice severity="error">
          No se han podido cargar las respuestas: {errorMessage(answers.error)}
        </Notice>
      )}
      {answers.isPending ? (
        <output className="free-answers-loading">Cargando las respuestas…</output>
      ) : rows.length === 0 && !answers.isError ? (
        <p className="resource-muted">
          {search
            ? `Ninguna respuesta contiene «${search}».`
            : 'Nadie ha respondido todavía a esta pregunta.'}
        </p>
      ) : (
        <>
          <p className="resource-muted" id={listId}>
            {total === 1 ? '1 respuesta' : `${formatCount(total)} respuestas`}
            {search && ` con «${search}»`}, de la más reciente a la más antigua.
          </p>
          <ul
            className="free-answers-list"
            aria-labelledby={listId}
            aria-busy={answers.isFetching || undefined}
          >
            {rows.map((answer) => (
              <li key={answer.response_id} className="free-answer">
                <blockquote className="response-text">{answer.text}</blockquote>
                <span className="resource-muted">
                  {anonymous ? formatDay(answer.submitted_at) : formatDateTime(answer.submitted_at)}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      {/* Fewer than the smallest page: nothing to page through, and no controls for it. */}
      {total > PER_PAGE_OPTIONS[0] && (
        <ListPaginator
          paging={{
            ...paging,
            total,
            onPage: (page, perPage) => setPaging({ page, perPage }),
          }}
          narrow={narrow}
        />
      )}
    </div>
  );
}
