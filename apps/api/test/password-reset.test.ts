import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MESSAGES } from '@gestor/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  parseRawMail,
  resetLinkIn,
  type SmtpInbox,
  sleep,
  startSmtpInbox,
  startTestServer,
  type TestServer,
  type TestUser,
  testDatabases,
  uniqueEmail,
  waitFor,
} from './support';

// docs/http-api.md: forgot-password answers the same for every address (ASVS 6.3.8) and mails a one-time,
// 60-minute link only to existing accounts; reset-password uses it once and ends every session.

const invalidToken = {
  message: MESSAGES.invalidResetToken,
  errors: { email: [MESSAGES.invalidResetToken] },
};

describe.each(testDatabases())('password reset (%s)', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server?.close());

  const forgot = async (email: string) => {
    const client = server.client();
    await client.csrf();
    return client.post('/api/forgot-password', { email });
  };
  // The links' mails, in order: a sign-in from a second browser also mails its notice (issue 21).
  const linkMails = (user: { email: string }) =>
    server.mails.to(user.email).filter((mail) => !mail.subject.startsWith('Nuevo inicio de sesión'));
  const mailTo = (user: { email: string }, count = 1) =>
    waitFor(() => linkMails(user).length >= count && linkMails(user)[count - 1], {
      what: `mail #${count} to ${user.email}`,
    });
  const reset = async (fields: Record<string, string>) => {
    const client = server.client();
    await client.csrf();
    return client.post('/api/reset-password', fields);
  };
  const newPassword = (user: TestUser, token: string, password = 'nueva-contraseña-1') => ({
    token,
    email: user.email,
    password,
    password_confirmation: password,
  });
  /** Waits until the mails requested so far have gone out: a later request for a real account is the marker. */
  const settle = async () => {
    const marker = await server.createUser();
    await forgot(marker.email);
    await mailTo(marker);
    await sleep(50);
  };

  test('answers the same 200 for an existing and an unknown address, and mails only the existing one', async () => {
    const user = await server.createUser({ name: 'Lucía Pérez' });
    const unknown = uniqueEmail('desconocido');

    const known = await forgot(user.email);
    const missing = await forgot(unknown);

    expect(known.status).toBe(200);
    expect(known.body).toEqual({ status: MESSAGES.resetLinkSent });
    expect(missing.status).toBe(known.status);
    expect(missing.text).toBe(known.text);

    const mail = await mailTo(user);
    await settle();
    expect(server.mails.to(unknown)).toHaveLength(0);
    expect(server.mails.to(user.email)).toHaveLength(1);

    // The Spanish mail links to FRONTEND_URL/auth/reset/{token}?email=…
    expect(mail.subject).toBe('Gestor: restablecer contraseña');
    expect(mail.text).toContain('Hola, Lucía Pérez:');
    expect(mail.text).toContain('Restablecer contraseña');
    expect(mail.text).toContain('caduca en 60 minutos');
    const link = resetLinkIn(mail.text);
    expect(link.link.startsWith(`${server.config.frontendUrl}/auth/reset/`)).toBe(true);
    expect(link.email).toBe(user.email);
    expect(mail.html).toContain('Restablecer contraseña');

    // 256 bits, and the database keeps only a hash of it.
    expect(Buffer.from(link.token, 'base64url').length).toBeGreaterThanOrEqual(32);
    const rows = await server.database.query<{ token_hash: string }>(
      'SELECT token_hash FROM password_reset_tokens WHERE email = $1',
      [user.email],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toContain(link.token);
  });

  test('the address is matched in any case', async () => {
    const user = await server.createUser();
    await forgot(user.email.toUpperCase());
    const mail = await mailTo(user);
    expect(mail.to).toBe(user.email);
  });

  test('at most one mail per address every 60 seconds', async () => {
    const user = await server.createUser();
    await forgot(user.email);
    const first = resetLinkIn((await mailTo(user)).text);

    const again = await forgot(user.email);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ status: MESSAGES.resetLinkSent });
    await settle();
    expect(server.mails.to(user.email)).toHaveLength(1);

    // A minute later a new link goes out, and it replaces the old one.
    await server.database.query(
      "UPDATE password_reset_tokens SET created_at = created_at - interval '61 seconds' WHERE email = $1",
      [user.email],
    );
    await forgot(user.email);
    const second = resetLinkIn((await mailTo(user, 2)).text);
    expect(second.token).not.toBe(first.token);
    expect((await reset(newPassword(user, first.token))).body).toEqual(invalidToken);
    expect((await reset(newPassword(user, second.token))).status).toBe(200);
  });

  test('the mailed token sets a new password once and ends every session of the user', async () => {
    const user = await server.createUser();
    const browsers = [server.client(), server.client()];
    for (const browser of browsers) expect((await browser.login(user.email, user.password)).status).toBe(204);
    const bystander = await server.signIn();
    await forgot(user.email);
    const { token } = resetLinkIn((await mailTo(user)).text);

    const response = await reset(newPassword(user, token, 'contraseña-nueva-2'));

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: MESSAGES.passwordReset });
    for (const browser of browsers) expect((await browser.get('/api/user')).status).toBe(401);
    expect((await bystander.client.get('/api/user')).status).toBe(200);
    expect((await server.client().login(user.email, user.password)).status).toBe(422);
    expect((await server.client().login(user.email, 'contraseña-nueva-2')).status).toBe(204);

    // Once only.
    const reuse = await reset(newPassword(user, token, 'contraseña-nueva-3'));
    expect(reuse.status).toBe(422);
    expect(reuse.body).toEqual(invalidToken);
    expect((await server.client().login(user.email, 'contraseña-nueva-3')).status).toBe(422);
  });

  test('the same token sent twice at once resets the password once', async () => {
    const user = await server.createUser();
    await forgot(user.email);
    const { token } = resetLinkIn((await mailTo(user)).text);
    const results = await Promise.all(
      ['paralela-uno-1', 'paralela-dos-2', 'paralela-tres-3'].map((password) =>
        reset(newPassword(user, token, password)),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 422, 422]);
    const winner = ['paralela-uno-1', 'paralela-dos-2', 'paralela-tres-3'][
      results.findIndex((r) => r.status === 200)
    ]!;
    expect((await server.client().login(user.email, winner)).status).toBe(204);
  });

  test('a wrong token, a token for another address, or an expired token is a 422', async () => {
    const user = await server.createUser();
    const other = await server.createUser();
    await forgot(user.email);
    const { token } = resetLinkIn((await mailTo(user)).text);

    const wrong = await reset(newPassword(user, `${token.slice(0, -2)}xx`));
    expect(wrong.status).toBe(422);
    expect(wrong.body).toEqual(invalidToken);

    const elsewhere = await reset(newPassword(other, token));
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body).toEqual(invalidToken);

    const nobody = await reset({ ...newPassword(user, token), email: uniqueEmail('nadie') });
    expect(nobody.status).toBe(422);
    expect(nobody.body).toEqual(invalidToken);

    await server.database.query(
      "UPDATE password_reset_tokens SET created_at = now() - interval '61 minutes' WHERE email = $1",
      [user.email],
    );
    const expired = await reset(newPassword(user, token));
    expect(expired.status).toBe(422);
    expect(expired.body).toEqual(invalidToken);
    expect((await server.client().login(user.email, user.password)).status).toBe(204);
  });

  test('the new password follows the password rules', async () => {
    const user = await server.createUser();
    await forgot(user.email);
    const { token } = resetLinkIn((await mailTo(user)).text);

    const short = await reset(newPassword(user, token, 'corta'));
    expect(short.status).toBe(422);
    expect(short.body.errors.password).toEqual(['El campo contraseña debe tener al menos 8 caracteres.']);
    const mismatch = await reset({ ...newPassword(user, token), password_confirmation: 'otra-distinta' });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors.password).toEqual(['La confirmación de la contraseña no coincide.']);

    // Rejected attempts do not use the token up, and a 59-minute-old token still works.
    await server.database.query(
      "UPDATE password_reset_tokens SET created_at = now() - interval '59 minutes' WHERE email = $1",
      [user.email],
    );
    expect((await reset(newPassword(user, token))).status).toBe(200);
  });

  test('forgot-password validates its body', async () => {
    const response = await forgot('no-es-un-correo');
    expect(response.status).toBe(422);
    expect(response.body.errors.email).toEqual([
      'El campo correo electrónico debe ser una dirección de correo válida.',
    ]);
  });

  test('answers before the account is looked up or the mail is sent', async () => {
    // A mail that never finishes: if the answer waited for it (and only an existing account gets one),
    // its timing would tell whether the account exists.
    const release = server.mails.hold();
    try {
      const user = await server.createUser();
      const response = await forgot(user.email);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ status: MESSAGES.resetLinkSent });
      await mailTo(user);
    } finally {
      release();
    }
  });

  describe('MAIL_MAILER=smtp, SPA on FRONTEND_URL', () => {
    let inbox: SmtpInbox;
    let smtpServer: TestServer;
    beforeAll(async () => {
      inbox = await startSmtpInbox();
      smtpServer = await startTestServer(engine, {
        MAIL_MAILER: 'smtp',
        MAIL_HOST: '127.0.0.1',
        MAIL_PORT: String(inbox.port),
        MAIL_FROM_ADDRESS: 'avisos@example.org',
        MAIL_FROM_NAME: 'Gestor Avisos',
        FRONTEND_URL: 'https://panel.example.org',
      });
    });
    afterAll(async () => {
      await smtpServer?.close();
      await inbox?.close();
    });

    test('the reset link arrives by real SMTP, in Spanish, and its token resets the password', async () => {
      const user = await smtpServer.createUser({ name: 'Íñigo Muñoz' });
      const client = smtpServer.client();
      await client.csrf();
      const answer = await client.post('/api/forgot-password', { email: user.email });
      expect(answer.status).toBe(200);

      const raw = await waitFor(() => inbox.received.find((message) => message.includes(user.email)), {
        what: 'the SMTP message',
      });
      const mail = parseRawMail(raw);
      expect(mail.subject).toBe('Gestor: restablecer contraseña');
      expect(mail.headers.to).toContain(user.email);
      expect(mail.headers.from).toContain('avisos@example.org');
      expect(mail.text).toContain('Hola, Íñigo Muñoz:');
      expect(mail.text).toContain('Ha recibido este correo porque se solicitó restablecer la contraseña');
      const link = resetLinkIn(mail.text);
      expect(link.link.startsWith('https://panel.example.org/auth/reset/')).toBe(true);
      expect(link.email).toBe(user.email);
      expect(resetLinkIn(mail.html).token).toBe(link.token);

      const reset = await client.post('/api/reset-password', {
        token: link.token,
        email: link.email,
        password: 'contraseña-por-smtp',
        password_confirmation: 'contraseña-por-smtp',
      });
      expect(reset.status).toBe(200);
      expect(reset.body).toEqual({ status: MESSAGES.passwordReset });
      expect((await smtpServer.client().login(user.email, 'contraseña-por-smtp')).status).toBe(204);
    });
    // Issue 16: an invitation is a welcome that lasts INVITATION_LIFETIME_DAYS (7 by default), not a
    // 60-minute password reset.
    test('an invitation arrives by real SMTP as a welcome to create a password, and lasts 7 days', async () => {
      const { client: admin } = await smtpServer.signIn({ roles: ['admin'] });
      const email = uniqueEmail('invitada');
      const created = await admin.post('/api/users', {
        name: 'Begoña Ibáñez',
        email,
        roles: ['lector'],
        send_invitation: true,
      });
      expect(created.status).toBe(201);
      const raw = await waitFor(() => inbox.received.find((message) => message.includes(email)), {
        what: 'the invitation',
      });
      const mail = parseRawMail(raw);
      expect(mail.subject).toBe('Gestor: bienvenida, cree su contraseña');
      for (const body of [mail.text, mail.html]) {
        expect(body).toContain('Hola, Begoña Ibáñez:');
        expect(body).toContain('Le damos la bienvenida a Gestor.');
        expect(body).toContain('Crear su contraseña');
        expect(body).toContain('Este enlace caduca en 7 días');
        expect(body).not.toMatch(/restablec/i);
      }
      const link = resetLinkIn(mail.text);
      expect(link.link.startsWith('https://panel.example.org/auth/reset/')).toBe(true);

      // The reset screen learns, from the link alone, that it is an invitation and whom to greet.
      const guest = smtpServer.client();
      const described = await guest.get(
        `/api/reset-password/${encodeURIComponent(link.token)}?email=${encodeURIComponent(email)}`,
      );
      expect(described.status).toBe(200);
      expect(described.body).toEqual({ data: { kind: 'invitation', name: 'Begoña Ibáñez' } });

      const age = (interval: string) =>
        smtpServer.database.query(
          `UPDATE password_reset_tokens SET created_at = now() - interval '${interval}' WHERE email = $1`,
          [email],
        );
      const choose = async (password: string) => {
        await guest.csrf();
        return guest.post('/api/reset-password', {
          token: link.token,
          email,
          password,
          password_confirmation: password,
        });
      };
      // Eight days old: past its lifetime, refused like any spent link.
      await age('8 days');
      const late = await choose('demasiado-tarde');
      expect(late.status).toBe(422);
      expect(late.body).toEqual(invalidToken);
      // Six days old: still good (a reset link would have died 60 minutes in).
      await age('6 days');
      const chosen = await choose('elegida-el-sexto-dia');
      expect(chosen.status).toBe(200);
      expect((await smtpServer.client().login(email, 'elegida-el-sexto-dia')).status).toBe(204);
    });

    test('a reset link still says so, and still dies after 60 minutes', async () => {
      const user = await smtpServer.createUser({ name: 'Rocío Peña' });
      const client = smtpServer.client();
      await client.csrf();
      await client.post('/api/forgot-password', { email: user.email });
      const raw = await waitFor(() => inbox.received.find((message) => message.includes(user.email)), {
        what: 'the reset mail',
      });
      const link = resetLinkIn(parseRawMail(raw).text);
      const describe = () =>
        client.get(
          `/api/reset-password/${encodeURIComponent(link.token)}?email=${encodeURIComponent(user.email)}`,
        );
      expect((await describe()).body).toEqual({ data: { kind: 'reset', name: 'Rocío Peña' } });
      await smtpServer.database.query(
        "UPDATE password_reset_tokens SET created_at = now() - interval '61 minutes' WHERE email = $1",
        [user.email],
      );
      const expired = await describe();
      expect(expired.status).toBe(422);
      expect(expired.body).toEqual(invalidToken);
      const reset = await client.post('/api/reset-password', newPassword(user, link.token));
      expect(reset.status).toBe(422);
    });

    test('INVITATION_LIFETIME_DAYS sets how long an invitation lasts', async () => {
      const shortLived = await startTestServer(engine, { INVITATION_LIFETIME_DAYS: '2' });
      try {
        const { client: admin } = await shortLived.signIn({ roles: ['admin'] });
        const email = uniqueEmail('breve');
        await admin.post('/api/users', { name: 'Breve', email, roles: ['lector'], send_invitation: true });
        const [mail] = await waitFor(
          () => shortLived.mails.to(email).length > 0 && shortLived.mails.to(email),
          {
            what: 'the invitation',
          },
        );
        expect(mail!.text).toContain('Este enlace caduca en 2 días');
        const { token } = resetLinkIn(mail!.text);
        await shortLived.database.query(
          "UPDATE password_reset_tokens SET created_at = now() - interval '3 days' WHERE email = $1",
          [email],
        );
        const guest = shortLived.client();
        const answer = await guest.get(
          `/api/reset-password/${encodeURIComponent(token)}?email=${encodeURIComponent(email)}`,
        );
        expect(answer.status).toBe(422);
      } finally {
        await shortLived.close();
      }
    });
  });

  describe('MAIL_MAILER=log', () => {
    let storage: string;
    let logServer: TestServer;
    beforeAll(async () => {
      storage = await mkdtemp(path.join(tmpdir(), 'gestor-mail-'));
      logServer = await startTestServer(engine, { MAIL_MAILER: 'log', STORAGE_PATH: storage });
    });
    afterAll(async () => {
      await logServer?.close();
      await rm(storage, { recursive: true, force: true });
    });

    test('writes each message to STORAGE_PATH/mail', async () => {
      const user = await logServer.createUser();
      const client = logServer.client();
      await client.csrf();
      await client.post('/api/forgot-password', { email: user.email });

      const dir = path.join(storage, 'mail');
      // Polled until complete: the file is written after the response.
      const mail = await waitFor(
        async () => {
          const names = await readdir(dir).catch(() => [] as string[]);
          const file = names.find((name) => name.endsWith('.eml'));
          if (!file) return undefined;
          const parsed = parseRawMail(await readFile(path.join(dir, file), 'utf8'));
          return /\/auth\/reset\//.test(parsed.text) ? parsed : undefined;
        },
        { what: 'a complete .eml file' },
      );
      expect(mail.headers.to).toContain(user.email);
      expect(resetLinkIn(mail.text).email).toBe(user.email);
    });
  });
});
