import { describe, expect, it } from 'vitest';
import { loadConfig } from './load.ts';
import { insecureCookieWarning } from './schema.ts';

describe('COOKIE_SECURE follows the public address unless set', () => {
  it('is off by default on http and with no public address (npm start on localhost)', () => {
    expect(loadConfig({}).COOKIE_SECURE).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:8080' }).COOKIE_SECURE).toBe(false);
  });

  it('is on by default when PUBLIC_URL is https', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://acpg.example.com' }).COOKIE_SECURE).toBe(true);
  });

  it('keeps an explicit value either way', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://acpg.example.com', COOKIE_SECURE: 'false' }).COOKIE_SECURE).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:8080', COOKIE_SECURE: 'true' }).COOKIE_SECURE).toBe(true);
    expect(loadConfig({ COOKIE_SECURE: '1' }).COOKIE_SECURE).toBe(true);
  });

  it('warns only when the public address is https and Secure is off', () => {
    expect(insecureCookieWarning(loadConfig({ PUBLIC_URL: 'https://acpg.example.com', COOKIE_SECURE: 'false' }))).toMatch(/COOKIE_SECURE=false while PUBLIC_URL is https/);
    expect(insecureCookieWarning(loadConfig({ PUBLIC_URL: 'https://acpg.example.com' }))).toBeNull();
    expect(insecureCookieWarning(loadConfig({ PUBLIC_URL: 'http://localhost:8080' }))).toBeNull();
    expect(insecureCookieWarning(loadConfig({}))).toBeNull();
  });
});
