import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { Role } from '@acpg/contracts/roles';
import { unauthorized } from '../http/errors.ts';
import { readOrCreateKeyFile, type KeyPlace } from './key-files.ts';
import type { Principal, TokenService } from './port.ts';

export interface TokenServiceOptions {
  /** Ed25519 private key, PKCS8 PEM (JWT_PRIVATE_KEY). When absent, one is generated and kept in the keys folder. */
  privateKeyPem?: string | undefined;
  /** The keys folder (embedded profile, `keyPlaceOf(config)`): where the generated key is kept. */
  keys: KeyPlace;
  ttlSeconds: number;
  issuer?: string;
  /** Injected time (tests); default the wall clock. */
  clock?: () => Date;
}

export const JWT_KEY_FILE = 'jwt-ed25519.pem';
const ALG = 'EdDSA';
const TOKEN_TYPE = 'at+jwt'; // RFC 9068: an access token cannot pass for another kind of JWT

const AccessClaims = z.object({ sub: z.string().min(1), roles: z.array(Role), sid: z.string().min(1).max(100).optional(), sv: z.number().int().nonnegative().optional(), pid: z.string().min(1).max(100).optional() });

const newPrivateKeyPem = (): string => generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

const loadPrivateKey = (pem: string): KeyObject => {
  let key: KeyObject;
  try {
    key = createPrivateKey(pem);
  } catch {
    throw new Error('JWT_PRIVATE_KEY is not a valid PKCS8 PEM private key');
  }
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`JWT_PRIVATE_KEY must be an Ed25519 key, not ${key.asymmetricKeyType ?? 'unknown'}`);
  return key;
};

/** Access tokens signed with EdDSA (Ed25519). Claims: sub = user id, roles, sid = session id, sv = session version, pid = a Provider Admin's provider. */
export const createTokenService = async (options: TokenServiceOptions): Promise<TokenService> => {
  const pem = options.privateKeyPem?.trim() ? options.privateKeyPem.replace(/\\n/g, '\n') : await readOrCreateKeyFile(options.keys, JWT_KEY_FILE, newPrivateKeyPem);
  const privateKey = loadPrivateKey(pem);
  const publicKey = createPublicKey(privateKey);
  const kid = await calculateJwkThumbprint(await exportJWK(publicKey));
  const issuer = options.issuer ?? 'acpg';
  const clock = options.clock ?? (() => new Date());

  return {
    async issueAccessToken(principal: Principal) {
      const now = Math.floor(clock().getTime() / 1000);
      const session = {
        ...(principal.sessionId !== undefined ? { sid: principal.sessionId } : {}),
        ...(principal.sessionVersion !== undefined ? { sv: principal.sessionVersion } : {}),
        ...(principal.providerId ? { pid: principal.providerId } : {}),
      };
      return new SignJWT({ roles: principal.roles, ...session })
        .setProtectedHeader({ alg: ALG, typ: TOKEN_TYPE, kid })
        .setSubject(principal.userId)
        .setIssuer(issuer)
        .setIssuedAt(now)
        .setExpirationTime(now + options.ttlSeconds)
        .sign(privateKey);
    },
    async verifyAccessToken(token: string) {
      try {
        const { payload } = await jwtVerify(token, publicKey, {
          algorithms: [ALG],
          issuer,
          typ: TOKEN_TYPE,
          requiredClaims: ['sub', 'exp', 'iat'],
          currentDate: clock(),
        });
        const claims = AccessClaims.parse(payload);
        return {
          userId: claims.sub,
          roles: claims.roles,
          ...(claims.sid !== undefined ? { sessionId: claims.sid } : {}),
          ...(claims.sv !== undefined ? { sessionVersion: claims.sv } : {}),
          ...(claims.pid !== undefined ? { providerId: claims.pid } : {}),
        };
      } catch {
        throw unauthorized('Your token is expired or invalid. Please sign in again.');
      }
    },
  };
};
