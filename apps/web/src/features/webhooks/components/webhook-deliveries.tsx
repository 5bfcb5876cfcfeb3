import {
  WEBHOOK_DELIVERY_TYPE_LABELS,
  WEBHOOK_LOG_SIZE,
  type WebhookDelivery,
  type WebhookRecord,
} from '@gestor/shared';
import { Button } from 'primereact/button';
import { Fragment, useId, useState } from 'react';
import { EMPTY_VALUE, formatDateTime } from '../../../components/resource/format';
import type { ScreenNotifier } from '../../../components/resource/resource-screens';
import { Notice } from '../../../components/ui/notice';
import { errorMessage } from '../../../lib/form-errors';
import { useCan } from '../../../lib/permissions';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useResendDelivery } from '../api/resend-delivery';
import { useSendPing } from '../api/send-ping';
import { useWebhookDeliveries } from '../api/webhook-deliveries';
import { DeliveryStatusTag } from './delivery-status-tag';

// docs/webhooks.md: a webhook's last 100 deliveries — time, event, status, HTTP status, duration,
// attempt and the first kilobyte of the answer — with "Reenviar" for one and "Enviar prueba" for
// the webhook. A table where it fits; on a narrow screen, one card per delivery (issue 16: nothing
// scrolls sideways at 375 px).

/** "85 ms", "1,3 s": the attempt's duration as people read it. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return EMPTY_VALUE;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toLocaleString('es-ES', { maximumFractionDigits: 1 })} s`;
}

const eventOf = (delivery: WebhookDelivery) => WEBHOOK_DELIVERY_TYPE_LABELS[delivery.type] ?? delivery.type;
const timeOf = (delivery: WebhookDelivery) => formatDateTime(delivery.attempted_at ?? delivery.created_at);

/** Where the table stops fitting the form's column (a sidebar beside it takes part of the window). */
const CARDS_QUERY = '(max-width: 991.98px)';

export function WebhookDeliveries({ webhook, notify }: { webhook: WebhookRecord; notify: ScreenNotifier }) {
  const headingId = useId();
  const can = useCan();
  const mayUpdate = can('webhook.update');
  const deliveries = useWebhookDeliveries(webhook.id);
  const ping = useSendPing(webhook.id);
  const resend = useResendDelivery(webhook.id);
  const asCards = useMediaQuery(CARDS_QUERY);

  const sendPing = () =>
    ping.mutate(undefined, {
      onSuccess: () => notify.success('Prueba en camino: su resultado aparecerá en «Entregas».'),
      onError: (error) => notify.error(errorMessage(error)),
    });
  const resendOne = (delivery: WebhookDelivery) =>
    resend.mutate(delivery.id, {
      onSuccess: () =>
        notify.success(`Nuevo intento en camino: «${eventOf(delivery)}» del ${timeOf(delivery)}.`),
      onError: (error) => notify.error(errorMessage(error)),
    });

  const list = deliveries.data ?? [];
  const rows = { list, mayUpdate, resendOne, resending: resend.isPending ? resend.variables : undefined };

  return (
    <section className="card webhook-deliveries" aria-labelledby={headingId}>
      <header className="webhook-deliveries-header">
        <div>
          <h2 id={headingId}>Entregas</h2>
          <p className="webhook-deliveries-hint">
            Los últimos {WEBHOOK_LOG_SIZE} envíos, del más reciente al más antiguo.
          </p>
        </div>
        <div className="webhook-deliveries-actions">
          <Button
            type="button"
            label="Actualizar"
            icon="pi pi-refresh"
            text
            loading={deliveries.isFetching && !deliveries.isPending}
            onClick={() => void deliveries.refetch()}
          />
          {mayUpdate && (
            <Button
              type="button"
              label="Enviar prueba"
              icon="pi pi-send"
              outlined
              loading={ping.isPending}
              onClick={sendPing}
            />
          )}
        </div>
      </header>
      {deliveries.isPending ? (
        <output className="webhook-deliveries-empty">Cargando…</output>
      ) : deliveries.isError ? (
        <Notice severity="error">
          No se han podido cargar las entregas: {errorMessage(deliveries.error)}
        </Notice>
      ) : list.length === 0 ? (
        <p className="webhook-deliveries-empty">
          Todavía no se ha enviado nada a este webhook.
          {mayUpdate && ' «Enviar prueba» comprueba que el sitio web lo recibe.'}
        </p>
      ) : asCards ? (
        <DeliveryCards {...rows} />
      ) : (
        <DeliveryTable {...rows} />
      )}
    </section>
  );
}

interface RowsProps {
  list: readonly WebhookDelivery[];
  mayUpdate: boolean;
  resendOne: (delivery: WebhookDelivery) => void;
  /** The delivery whose "Reenviar" is on its way. */
  resending: number | undefined;
}

/** Opens and closes one delivery's details (the answer), remembering which are open. */
function useOpenDetails() {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return { isOpen: (id: number) => open.has(id), toggle };
}

function DeliveryTable({ list, mayUpdate, resendOne, resending }: RowsProps) {
  const details = useOpenDetails();
  const baseId = useId();
  return (
    <table className="webhook-deliveries-table">
      <thead>
        <tr>
          <th scope="col">Fecha</th>
          <th scope="col">Evento</th>
          <th scope="col">Estado</th>
          <th scope="col" className="numeric">
            HTTP
          </th>
          <th scope="col" className="numeric">
            Duración
          </th>
          <th scope="col" className="numeric">
            Intento
          </th>
          <th scope="col">
            <span className="sr-only">Acciones</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {list.map((delivery) => {
          const detailId = `${baseId}-${delivery.id}`;
          const open = details.isOpen(delivery.id);
          return (
            <Fragment key={delivery.id}>
              <tr>
                <td>{timeOf(delivery)}</td>
                <td>{eventOf(delivery)}</td>
                <td>
                  <DeliveryStatusTag status={delivery.status} />
                </td>
                <td className="numeric">{delivery.http_status ?? EMPTY_VALUE}</td>
                <td className="numeric">{formatDuration(delivery.duration_ms)}</td>
                <td className="numeric">{delivery.attempt}</td>
                <td className="webhook-delivery-actions">
                  <DeliveryButtons
                    delivery={delivery}
                    detailId={detailId}
                    open={open}
                    onToggle={() => details.toggle(delivery.id)}
                    mayUpdate={mayUpdate}
                    resendOne={resendOne}
                    resending={resending}
                  />
                </td>
              </tr>
              <tr id={detailId} className="webhook-delivery-detail-row" hidden={!open}>
                <td colSpan={7}>{open && <DeliveryDetail delivery={delivery} />}</td>
              </tr>
            </Fragment>
          );
        })}
      </tbody>
    </table>
  );
}

function DeliveryCards({ list, mayUpdate, resendOne, resending }: RowsProps) {
  const details = useOpenDetails();
  const baseId = useId();
  return (
    <ul className="webhook-delivery-cards">
      {list.map((delivery) => {
        const detailId = `${baseId}-${delivery.id}`;
        const open = details.isOpen(delivery.id);
        return (
          <li key={delivery.id} className="webhook-delivery-card">
            <div className="webhook-delivery-card-head">
              <DeliveryStatusTag status={delivery.status} />
              <span className="webhook-delivery-card-event">{eventOf(delivery)}</span>
            </div>
            <dl className="webhook-delivery-facts">
              <div>
                <dt>Fecha</dt>
                <dd>{timeOf(delivery)}</dd>
              </div>
              <div>
                <dt>HTTP</dt>
                <dd>{delivery.http_status ?? EMPTY_VALUE}</dd>
              </div>
              <div>
                <dt>Duración</dt>
                <dd>{formatDuration(delivery.duration_ms)}</dd>
              </div>
              <div>
                <dt>Intento</dt>
                <dd>{delivery.attempt}</dd>
              </div>
            </dl>
            <div className="webhook-delivery-actions">
              <DeliveryButtons
                delivery={delivery}
                detailId={detailId}
                open={open}
                onToggle={() => details.toggle(delivery.id)}
                mayUpdate={mayUpdate}
                resendOne={resendOne}
                resending={resending}
              />
            </div>
            <div id={detailId} hidden={!open}>
              {open && <DeliveryDetail delivery={delivery} />}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function DeliveryButtons({
  delivery,
  detailId,
  open,
  onToggle,
  mayUpdate,
  resendOne,
  resending,
}: {
  delivery: WebhookDelivery;
  detailId: string;
  open: boolean;
  onToggle: () => void;
  mayUpdate: boolean;
  resendOne: (delivery: WebhookDelivery) => void;
  resending: number | undefined;
}) {
  return (
    <>
      <Button
        type="button"
        label="Respuesta"
        icon={open ? 'pi pi-chevron-up' : 'pi pi-chevron-down'}
        iconPos="right"
        text
        size="small"
        aria-expanded={open}
        aria-controls={detailId}
        onClick={onToggle}
      />
      {mayUpdate && (
        <Button
          type="button"
          label="Reenviar"
          icon="pi pi-replay"
          outlined
          size="small"
          loading={resending === delivery.id}
          disabled={resending !== undefined}
          onClick={() => resendOne(delivery)}
        />
      )}
    </>
  );
}

/** What the receiver answered (its first kilobyte), why an attempt failed, when the next is due. */
function DeliveryDetail({ delivery }: { delivery: WebhookDelivery }) {
  return (
    <div className="webhook-delivery-detail">
      {delivery.error && (
        <p>
          <strong>Error:</strong> {delivery.error}
        </p>
      )}
      {delivery.next_attempt_at && (
        <p>
          <strong>Próximo intento:</strong> {formatDateTime(delivery.next_attempt_at)}
        </p>
      )}
      <p className="webhook-delivery-detail-label">
        <strong>Respuesta</strong> (el primer kilobyte):
      </p>
      {delivery.response_excerpt ? (
        // Focusable so a keyboard can scroll a long answer (WCAG 2.1.1, axe's scrollable-region-focusable).
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the focus to scroll.
        <pre className="webhook-delivery-answer" tabIndex={0}>
          {delivery.response_excerpt}
        </pre>
      ) : (
        <p>{delivery.http_status === null ? 'Sin respuesta.' : 'Respuesta sin cuerpo.'}</p>
      )}
      <p className="webhook-delivery-message-id">
        <code>webhook-id</code>: <code>{delivery.message_id}</code>
      </p>
    </div>
  );
}
