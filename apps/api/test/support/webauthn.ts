import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

// A software WebAuthn authenticator for API tests (decision 036): it makes ES256 passkeys and answers
// challenges as a platform authenticator with user verification would, built on node:crypto and a few
// lines of CBOR. It shares no code with the server, which checks its answers with its WebAuthn library.

type Json = Record<string, unknown>;

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** RFC 8949, only what attestation objects and COSE keys need: integers, strings, bytes, maps. */
function cbor(value: unknown): Buffer {
  const head = (major: number, length: number) => {
    if (length < 24) return Buffer.from([(major << 5) | length]);
    if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
    if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
    const b = Buffer.alloc(5);
    b[0] = (major << 5) | 26;
    b.writeUInt32BE(length, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (value instanceof Map) {
    return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
  }
  throw new Error(`cbor: cannot encode ${typeof value}`);
}

export interface SoftPasskey {
  id: string;
  rpId: string;
  userHandle: string;
  privateKey: KeyObject;
  counter: number;
}

export class SoftAuthenticator {
  readonly passkeys: SoftPasskey[] = [];

  /** `origin` is the page the browser would be on; the relying party is `options.rp.id`. */
  constructor(private readonly origin: string) {}

  /** navigator.credentials.create(): a new discoverable passkey, attestation "none". */
  create(options: Json, { origin = this.origin }: { origin?: string } = {}) {
    const rp = options.rp as { id: string };
    const user = options.user as { id: string };
    const excluded = ((options.excludeCredentials as { id: string }[] | undefined) ?? []).map((c) => c.id);
    if (this.passkeys.some((p) => excluded.includes(p.id))) throw new Error('InvalidStateError');
    const id = randomBytes(16);
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const coseKey = cbor(
      new Map<number, unknown>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const authData = Buffer.concat([
      sha256(rp.id),
      Buffer.from([0x01 | 0x04 | 0x40]), // user present, user verified, attested credential data
      Buffer.alloc(4), // sign count 0
      Buffer.alloc(16), // AAGUID
      idLength,
      id,
      coseKey,
    ]);
    const attestationObject = cbor(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    const clientDataJSON = Buffer.from(
      JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin, crossOrigin: false }),
    );
    this.passkeys.push({ id: b64url(id), rpId: rp.id, userHandle: user.id, privateKey, counter: 0 });
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /** navigator.credentials.get(): an assertion by `passkey` (else this authenticator's first for the RP). */
  get(options: Json, { passkey, origin = this.origin }: { passkey?: SoftPasskey; origin?: string } = {}) {
    const rpId = options.rpId as string;
    const chosen = passkey ?? this.passkeys.find((p) => p.rpId === rpId);
    if (!chosen) throw new Error('NotAllowedError: no passkey for this site');
    chosen.counter += 1;
    const count = Buffer.alloc(4);
    count.writeUInt32BE(chosen.counter);
    const authenticatorData = Buffer.concat([sha256(rpId), Buffer.from([0x01 | 0x04]), count]);
    const clientDataJSON = Buffer.from(
      JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin, crossOrigin: false }),
    );
    const signature = sign(
      'sha256',
      Buffer.concat([authenticatorData, sha256(clientDataJSON)]),
      chosen.privateKey,
    );
    return {
      id: chosen.id,
      rawId: chosen.id,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
        userHandle: chosen.userHandle,
      },
    };
  }
}
