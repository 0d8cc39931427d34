import { Writable } from 'node:stream';

export type LogLine = { level: number; msg: string; [key: string]: unknown };

/** A pino destination for tests: every line the app logs, parsed (pass `stream` in the logger options). */
export function logSink(): { lines: LogLine[]; stream: Writable } {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  return { lines, stream };
}
