import { expectAccessible } from '../support/axe';
import { asAdministrator, expect, newPersonWith, signIn, test } from '../support/fixtures';
import { apiCreate, SCREEN_SIZES, shot } from '../support/pages';

// The agenda (issue 31) as the person who runs it does it: a role holding the agenda's permissions
// and what its form picks from, nothing else. She opens "Agenda" from the menu, announces a concert
// in a hall with its times typed the Spanish way, publishes it, and the website's API, its
// calendar feed and its list show it at Madrid's hour. At a desktop's width and a phone's.

for (const [width, viewport] of SCREEN_SIZES) {
  test(`the agenda: an event announced by the person who runs it, on the website at Madrid's hour (${width} px)`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize(viewport);
    const suffix = `${Date.now().toString(36)}${width}`;
    const hall = `Teatro Principal ${suffix}`;
    // Set up by the administrator through the API: a hall; the person, whose role holds the agenda's
    // permissions and what its form picks from.
    await asAdministrator(browser, baseURL!, (adminPage) =>
      apiCreate(adminPage, baseURL!, '/api/spaces', { name: hall, address: 'Plaza Mayor, 1' }),
    );
    const person = await newPersonWith(browser, baseURL!, 'Irene Agenda', [
      'event.view',
      'event.create',
      'event.update',
      'event.delete',
      'event.publish',
      'space.view',
      'category.view',
      'multimedia.view',
      'multimedia.create',
    ]);

    await signIn(page, person);
    if (width === '375') await page.getByRole('button', { name: 'Mostrar u ocultar el menú' }).click();
    await page
      .getByRole('navigation', { name: 'Menú principal' })
      .getByRole('link', { name: 'Agenda', exact: true })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Agenda' })).toBeVisible();
    await expectAccessible(page, `agenda (${width} px)`);
    await page.getByRole('link', { name: 'Nuevo evento' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Nuevo evento' })).toBeVisible();

    const year = new Date().getFullYear() + 1;
    const title = `Concierto de Navidad ${suffix}`;
    await page.getByLabel('Título', { exact: true }).fill(title);
    await page.getByLabel('Subtítulo').fill('Banda municipal y coro de la escuela de música');
    // Day first, as a Spanish office worker types them; Madrid's clock whatever the browser's.
    const starts = page.getByRole('combobox', { name: 'Comienzo' });
    await starts.pressSequentially(`12/12/${year} 19:00`);
    await starts.press('Escape');
    const ends = page.getByRole('combobox', { name: 'Final' });
    await ends.pressSequentially(`12/12/${year} 21:30`);
    await ends.press('Escape');
    // The hall, by keyboard: Enter opens the select and its search box takes the focus.
    await page.getByLabel('Espacio', { exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByPlaceholder('Buscar…').fill(suffix);
    // The list narrowed to the one hall before the keys choose it.
    await expect(page.getByRole('option')).toHaveCount(1);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.locator('.p-dropdown-label', { hasText: hall })).toBeVisible();
    await expectAccessible(page, `nuevo evento (${width} px)`);
    await shot(page, `agenda-create-${width}`);

    const created = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/events' && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Publicar ahora' }).click();
    const response = await created;
    expect(response.status()).toBe(201);
    const saved = ((await response.json()) as { data: { slug: string; starts_at: string; ends_at: string } })
      .data;
    // December: Madrid is UTC+1, so 19:00 there is 18:00 UTC.
    expect(saved.starts_at).toBe(`${year}-12-12T18:00:00.000Z`);
    expect(saved.ends_at).toBe(`${year}-12-12T20:30:00.000Z`);

    // The website reads it: the record, the list filtered by that Madrid day, the calendar.
    const one = await page.request.get(`/api/public/v1/events/${saved.slug}`);
    expect(one.status()).toBe(200);
    expect((await one.json()).data).toMatchObject({
      title,
      space: { name: hall, address: 'Plaza Mayor, 1' },
    });
    const day = await page.request.get(
      `/api/public/v1/events?from=${year}-12-12&to=${year}-12-12&per_page=50`,
    );
    expect(((await day.json()).data as Array<{ slug: string }>).map((item) => item.slug)).toContain(
      saved.slug,
    );
    const calendar = await (await page.request.get('/api/public/v1/events.ics')).text();
    expect(calendar.replace(/\r\n /g, '')).toContain(`DTSTART;TZID=Europe/Madrid:${year}1212T190000`);

    // Back in the list, it reads as the person wrote it.
    await page.goto('/event');
    const row = page.getByRole('row').filter({ hasText: title });
    const card = page.locator('.resource-card').filter({ hasText: title });
    await expect(row.or(card).first()).toBeVisible();
    await expect(row.or(card).first()).toContainText('Publicado');
    await shot(page, `agenda-list-${width}`);
  });
}
