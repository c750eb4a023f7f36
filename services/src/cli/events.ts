import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import type { Writable } from 'node:stream';
import { pino } from 'pino';
import { z } from 'zod';
import { loadConfig } from '../platform/config/load.ts';
import { openAdapters } from '../composition/open-adapters.ts';
import { sensitiveEventTypesOf } from '../platform/module.ts';
import { MODULES } from '../composition/modules.ts';
import { CSV_HEADER, exportLines, parseExportRange } from '../platform/event-store/export-format.ts';

const usage = `Writes stored events out.

  npm run events -- export [--type T]... [--from DATE] [--to DATE] [--format jsonl|csv] [--out FILE]

  --type    event type to include (repeatable; default every type)
  --from    first day or instant included (YYYY-MM-DD or ISO 8601)
  --to      last day (whole day included) or instant
  --format  jsonl (default) or csv
  --out     file to write (default standard output)`;

const Args = z.object({
  command: z.literal('export', { error: () => `Unknown command.\n\n${usage}` }),
  type: z.array(z.string().min(1)).optional(),
  from: z.string().optional(),
  to: z.string().optional(),
  format: z.enum(['jsonl', 'csv'], { error: () => '--format must be jsonl or csv' }).default('jsonl'),
  out: z.string().optional(),
});

const write = async (stream: Writable, text: string) => {
  if (!stream.write(text)) await once(stream, 'drain');
};

const main = async () => {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      type: { type: 'string', multiple: true },
      from: { type: 'string' },
      to: { type: 'string' },
      format: { type: 'string' },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help || positionals.length === 0) return console.log(usage);
  const parsed = Args.safeParse({ ...values, command: positionals[0] });
  if (!parsed.success) throw new Error(parsed.error.issues.map((i) => i.message).join('\n'));
  const args = parsed.data;
  const range = parseExportRange(args.from, args.to);
  const sensitive = sensitiveEventTypesOf(MODULES);

  const config = loadConfig();
  const adapters = await openAdapters(config, pino({ level: 'warn' }));
  const out: Writable = args.out ? createWriteStream(args.out) : process.stdout;
  let written = 0;
  try {
    const lines = exportLines(adapters.eventStore, { format: args.format, types: args.type, range, sensitive, pageSize: 5000 });
    for await (const line of lines) {
      await write(out, line);
      if (line !== `${CSV_HEADER}\n`) written += 1;
    }
  } finally {
    if (args.out) {
      out.end();
      await once(out, 'finish');
    }
    await adapters.close();
  }
  console.error(`exported ${written} event(s)${args.out ? ` to ${args.out}` : ''}`);
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
