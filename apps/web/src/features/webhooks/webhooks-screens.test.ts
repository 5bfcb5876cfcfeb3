import { type Permission, WEBHOOK_EVENTS, type WebhookRecord } from '@gestor/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The webhook form derived from its field table (decision 018), the list's events column, and the
// secret: taken from the create's answer, held until its notice is closed, then gone.

let permissions: Permission[] = [];
vi.mock('../../lib/auth', async (original) => ({
  ...(await original<typeof import('../../lib/auth')>()),
  getUser: () => ({ id: 1, name: 'Ana', email: 'ana@example.com', permissions }),
}));

const { webhookScreens, eventsSummary } = await import('./webhooks-screens');
const { forgetSecret, pendingSecret } = await import('./webhook-secret');
const { form } = webhookScreens;

const site = {
  id: 3,
  name: 'Sitio web',
  url: 'https://www.ejemplo.org/webhooks',
  events: ['news.published', 'page.published'],
  active: true,
  last_delivery_status: null,
  last_delivery_at: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-02T00:00:00.000Z',
} as unknown as WebhookRecord;

describe('the webhook form', () => {
  beforeEach(() => {
    permissions = ['webhook.view', 'webhook.create', 'webhook.update'];
  });

  it('starts empty and active, with no event chosen', () => {
    expect(form.empty()).toEqual({ name: '', url: '', events: [], active: true });
  });

  it('refuses a webhook with no event, in Spanish', () => {
    const parsed = form.createInput.safeParse(
      form.toBody({ name: 'Sitio', url: 'https://www.ejemplo.org/h', events: [], active: true }, undefined),
    );
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toContain('Elija al menos un evento.');
  });

  it('fills from a record and sends every field back', () => {
    const values = form.fromRecord(site);
    expect(values).toEqual({
      name: 'Sitio web',
      url: 'https://www.ejemplo.org/webhooks',
      events: ['news.published', 'page.published'],
      active: true,
    });
    expect(form.toBody(values, site)).toEqual(values);
  });

  it('names the events in the history as people read them', () => {
    expect(form.auditItemLabel?.('events', 'news.unpublished')).toBe('Noticia retirada');
    expect(form.fieldLabels).toMatchObject({ url: 'Dirección (URL)', events: 'Eventos', active: 'Activo' });
  });

  it('keeps the secret of the create answer until its notice is closed', () => {
    form.onCreated?.({ ...site, id: 41, secret: 'whsec_c2VjcmV0' } as WebhookRecord);
    expect(pendingSecret(41)).toBe('whsec_c2VjcmV0');
    forgetSecret(41);
    expect(pendingSecret(41)).toBeUndefined();
  });
});

describe('the list', () => {
  it('counts the events, and says when it is every one', () => {
    expect(eventsSummary(['news.published'])).toBe('1 evento');
    expect(eventsSummary(['news.published', 'page.published'])).toBe('2 eventos');
    const every = WEBHOOK_EVENTS.length;
    expect(eventsSummary(Array.from({ length: every }, (_, n) => `e${n}`))).toBe(`Todos (${every})`);
  });
});
