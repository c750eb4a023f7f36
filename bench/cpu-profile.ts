import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { repoRoot } from './processes.ts';

/** The parts of a V8 .cpuprofile (written by `node --cpu-prof`) that a summary needs. */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/**
 * Stages of the ingest path, by what a sample's stack holds; the first that matches names the sample. They answer
 * "where does a stored interaction's time go" without reading function names.
 */
const STAGES: [stage: string, matches: (areas: string[]) => boolean][] = [
  ['projection and push (bus tail, read-model write, socket.io)', (a) => a.some((x) => x.endsWith('event-bus/embedded.ts'))],
  ['group commit (append transaction)', (a) => a.some((x) => x.endsWith('event-store/sqlite.ts'))],
  ['logging (pino)', (a) => a.some((x) => x === 'pino' || x === 'sonic-boom')],
  ['rate limit', (a) => a.includes('@fastify/rate-limit')],
  ['validation (zod)', (a) => a.some((x) => x === 'zod' || x === 'fastify-type-provider-zod')],
  ['route handler (event, ids)', (a) => a.some((x) => x.endsWith('record-interaction.ts'))],
  ['HTTP (node:http, Fastify, JSON body, socket writes)', (a) => a.some((x) => x.startsWith('node:') || x === 'fastify' || x === 'find-my-way' || x === 'secure-json-parse' || x === 'light-my-request')],
  ['garbage collection', (a) => a.includes('(garbage collector)')],
];

export interface ProfileShare {
  name: string;
  share: number;
}

/** Where a frame's code lives: a package, a file of ours, or the runtime. */
const areaOf = (url: string): string => {
  if (url === '') return '(native / runtime)';
  if (url.startsWith('node:')) return url;
  const path = url.startsWith('file://') ? decodeURIComponent(new URL(url).pathname) : url;
  const packaged = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  if (packaged) return packaged[1] as string;
  return relative(repoRoot, path);
};

const label = (node: ProfileNode): string =>
  `${node.callFrame.functionName || '(anonymous)'} ${areaOf(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`;

/**
 * Self time by function and by area (package or file), as shares of the samples taken from the first one inside
 * `startAt` (a file name: start-up, module loading and the warm-up before it are left out), largest first.
 */
export const summarize = (
  profile: CpuProfile,
  top = 25,
  startAt = 'record-interaction.ts',
): { stages: ProfileShare[]; functions: ProfileShare[]; areas: ProfileShare[]; idle: number } => {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const inStartAt = (id: number): boolean => {
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      if (byId.get(at)?.callFrame.url.endsWith(startAt)) return true;
    }
    return false;
  };
  // A thread that never ran the request path (the WAL checkpointer) is summarised whole.
  const first = Math.max(0, profile.samples.findIndex(inStartAt));
  const requestPath = profile.samples.some(inStartAt);
  const stageOf = new Map<number, string>();
  const stageFor = (id: number): string => {
    let stage = stageOf.get(id);
    if (stage === undefined) {
      const areas: string[] = [];
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        const node = byId.get(at);
        if (node) areas.push(node.callFrame.functionName === '(garbage collector)' ? '(garbage collector)' : areaOf(node.callFrame.url));
      }
      const matched = requestPath ? STAGES.find(([, matches]) => matches(areas))?.[0] : 'a thread off the request path';
      stage = byId.get(id)?.callFrame.functionName === '(idle)' ? '(idle)' : (matched ?? 'other');
      stageOf.set(id, stage);
    }
    return stage;
  };
  const stages = new Map<string, number>();
  const selfTime = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    if (i < first) return;
    selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
    const stage = stageFor(id);
    if (stage !== '(idle)') stages.set(stage, (stages.get(stage) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  let total = 0;
  let idle = 0;
  const functions = new Map<string, number>();
  const areas = new Map<string, number>();
  for (const [id, time] of selfTime) {
    const node = byId.get(id);
    if (!node) continue;
    total += time;
    if (node.callFrame.functionName === '(idle)') {
      idle += time;
      continue;
    }
    functions.set(label(node), (functions.get(label(node)) ?? 0) + time);
    const area = areaOf(node.callFrame.url);
    areas.set(area, (areas.get(area) ?? 0) + time);
  }
  const shares = (m: Map<string, number>) =>
    [...m].sort((a, b) => b[1] - a[1]).slice(0, top).map(([name, time]) => ({ name, share: time / Math.max(total, 1) }));
  const busy = Math.max(total - idle, 1);
  return {
    stages: [...stages].sort((a, b) => b[1] - a[1]).map(([name, time]) => ({ name, share: time / busy })),
    functions: shares(functions),
    areas: shares(areas),
    idle: idle / Math.max(total, 1),
  };
};

/** Prints the summary of every .cpuprofile in `dir`. */
export const printProfiles = (dir: string, top = 25): void => {
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
    const { stages, functions, areas, idle } = summarize(JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile, top);
    const pct = (s: number) => `${(s * 100).toFixed(1).padStart(5)}%`;
    console.log(`\nCPU profile ${join(dir, file)} (self time from the first request on; idle ${pct(idle).trim()})`);
    console.log('by stage of the request (share of busy time):');
    for (const st of stages) console.log(`  ${pct(st.share)}  ${st.name}`);
    console.log('by area:');
    for (const a of areas) console.log(`  ${pct(a.share)}  ${a.name}`);
    console.log('by function:');
    for (const f of functions) console.log(`  ${pct(f.share)}  ${f.name}`);
  }
};

if (import.meta.main) printProfiles(process.argv[2] ?? '.', Number(process.argv[3] ?? 25));
