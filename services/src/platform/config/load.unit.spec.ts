import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './load.ts';
import { storeOf } from './schema.ts';

describe('loadConfig', () => {
  it('gives the embedded defaults with no environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ MODE: 'embedded', ROLE: 'all', PORT: 8080, DATA_DIR: './data', DEV_OUTBOX: false });
  });

  it('treats empty values as unset (a copied .env.example starts as is)', () => {
    expect(loadConfig({ PORT: '', SEED_ADMIN_EMAIL: '' }).PORT).toBe(8080);
  });

  it('names every bad variable', () => {
    const attempt = () => loadConfig({ PORT: 'eighty', MODE: 'cluster', LOG_LEVEL: 'loud' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT/);
    expect(attempt).toThrow(/MODE/);
    expect(attempt).toThrow(/LOG_LEVEL/);
  });

  it('requires the engines and secrets of the distributed profile, and refuses the dev outbox there', () => {
    const attempt = () => loadConfig({ MODE: 'distributed', DEV_OUTBOX: 'true' });
    for (const name of ['MONGODB_URL', 'KAFKA_BROKERS', 'REDIS_URL', 'JWT_PRIVATE_KEY', 'ENCRYPTION_KEY', 'SMTP_URL', 'SMS_API_URL', 'DEV_OUTBOX', 'PAYMENTS_GATEWAY']) {
      expect(attempt).toThrow(new RegExp(name));
    }
  });

  it('keeps events and read models in MongoDB when distributed, unless STORE=sqlite (then MONGODB_URL is not needed)', () => {
    const distributed = {
      MODE: 'distributed',
      KAFKA_BROKERS: 'localhost:9092',
      REDIS_URL: 'redis://localhost:6379',
      JWT_PRIVATE_KEY: 'pem',
      ENCRYPTION_KEY: 'a'.repeat(64),
      SMTP_URL: 'smtp://localhost:25',
      SMS_API_URL: 'https://sms.example.com/messages',
      SMS_API_TOKEN: 'token',
      PAYMENTS_GATEWAY: 'test',
    };
    expect(() => loadConfig(distributed)).toThrow(/MONGODB_URL: is required when MODE=distributed \(unless STORE=sqlite\)/);
    expect(storeOf(loadConfig({ ...distributed, MONGODB_URL: 'mongodb://localhost/acpg' }))).toBe('mongodb');
    expect(storeOf(loadConfig({ ...distributed, STORE: 'sqlite' }))).toBe('sqlite');
    expect(storeOf(loadConfig({}))).toBe('sqlite');
    expect(() => loadConfig({ STORE: 'mongodb' })).toThrow(/STORE: mongodb needs MODE=distributed/);
    expect(() => loadConfig({ STORE: 'postgres' })).toThrow(/STORE/);
    expect(() => loadConfig({ KAFKA_SESSION_TIMEOUT_MS: '1000' })).toThrow(/KAFKA_SESSION_TIMEOUT_MS/);
  });

  it('reads TRUST_PROXY as a flag or the proxies\' addresses, and refuses anything else', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.2' }).TRUST_PROXY).toBe('10.0.0.1, 10.0.0.2');
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ SQLITE_SYNCHRONOUS: 'OFF' })).toThrow(/SQLITE_SYNCHRONOUS/);
  });

  it('takes the seeded admin only as a pair, and no short password', () => {
    expect(() => loadConfig({ SEED_ADMIN_EMAIL: 'a@example.com' })).toThrow(/SEED_ADMIN_PASSWORD/);
    expect(() => loadConfig({ SEED_ADMIN_EMAIL: 'a@example.com', SEED_ADMIN_PASSWORD: 'short' })).toThrow(/SEED_ADMIN_PASSWORD/);
    expect(() => loadConfig({ ENCRYPTION_KEY: 'abc' })).toThrow(/ENCRYPTION_KEY: must be 64 hex characters/);
  });

  it('refuses the distributed profile without a named payment gateway, and keeps the test gateway as the embedded default', () => {
    const distributed = {
      MODE: 'distributed',
      STORE: 'sqlite',
      KAFKA_BROKERS: 'localhost:9092',
      REDIS_URL: 'redis://localhost:6379',
      JWT_PRIVATE_KEY: 'pem',
      ENCRYPTION_KEY: 'a'.repeat(64),
      SMTP_URL: 'smtp://localhost:25',
      SMS_API_URL: 'https://sms.example.com/messages',
      SMS_API_TOKEN: 'token',
    };
    const attempt = () => loadConfig(distributed);
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PAYMENTS_GATEWAY: is required when MODE=distributed: set PAYMENTS_GATEWAY=stripe .* or PAYMENTS_GATEWAY=test/);
    // Nothing else was missing: the gateway is the only refusal.
    expect(attempt).toThrow(/^Invalid configuration:\n {2}PAYMENTS_GATEWAY: [^\n]+$/);
    expect(loadConfig({ ...distributed, PAYMENTS_GATEWAY: 'test' }).PAYMENTS_GATEWAY).toBe('test');
    const stripe = { PAYMENTS_GATEWAY: 'stripe', STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_PUBLISHABLE_KEY: 'pk_live_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' };
    expect(loadConfig({ ...distributed, ...stripe }).PAYMENTS_GATEWAY).toBe('stripe');
    expect(loadConfig({}).PAYMENTS_GATEWAY).toBe('test');
    expect(loadConfig({ PAYMENTS_GATEWAY: '' }).PAYMENTS_GATEWAY).toBe('test');
  });
});
