import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MODULES } from '../composition/modules.ts';
import { CREATE_TOPICS_PATH, renderCreateTopicsScript, renderTopicsJson, TOPICS_JSON_PATH, topicsOf } from './topics-file.ts';

const root = resolve(import.meta.dirname, '../../..');
const committed = (path: string) => readFileSync(resolve(root, path), 'utf8');

describe('deploy topic files come from the module list', () => {
  it('deploy/topics.json is what `npm run topics` writes', () => {
    expect(committed(TOPICS_JSON_PATH)).toBe(renderTopicsJson(topicsOf(MODULES)));
  });

  it('deploy/create-topics.sh is what `npm run topics` writes', () => {
    expect(committed(CREATE_TOPICS_PATH)).toBe(renderCreateTopicsScript(topicsOf(MODULES)));
  });

  it('every module in the list has a topic, geography included', () => {
    const topics = (JSON.parse(committed(TOPICS_JSON_PATH)) as { topics: { name: string }[] }).topics.map((t) => t.name);
    expect(topics).toEqual(MODULES.map((m) => `acpg.${m.name}`));
    expect(topics).toContain('acpg.geography');
  });

  it('topics that existed before they were generated keep their partition counts (Kafka cannot shrink a topic, and growing one moves keys)', () => {
    const partitions = Object.fromEntries(topicsOf(MODULES).map((t) => [t.module, t.partitions]));
    expect(partitions).toMatchObject({ identity: 6, insights: 12, content: 1, notifications: 3 });
  });

  it('a module added to the list changes both files', () => {
    const withOrders = topicsOf([...MODULES, { name: 'orders', partitions: 6 }]);
    expect(renderTopicsJson(withOrders)).toContain('{ "name": "acpg.orders", "partitions": 6,');
    expect(renderCreateTopicsScript(withOrders)).toMatch(/for spec in [^\n]* orders:6; do/);
  });

  it('refuses a name that cannot prefix stream ids, a duplicate and a bad partition count', () => {
    expect(() => topicsOf([{ name: 'home-services' }])).toThrow(/lower-case letters and digits/);
    expect(() => topicsOf([{ name: 'orders' }, { name: 'orders' }])).toThrow(/Two modules/);
    expect(() => topicsOf([{ name: 'orders', partitions: 0 }])).toThrow(/positive integer/);
  });

  it('a module without a partition count gets the default', () => {
    expect(topicsOf([{ name: 'orders' }])).toEqual([{ module: 'orders', partitions: 3 }]);
  });
});
