import { Writable } from 'node:stream';

export type LogLine = { level: number; msg: string; [key: string]: unknown };
export type LogSink = { lines: LogLine[]; text: () => string; stream: Writable };

/** A pino destination for tests: every line the app logs, parsed, and the text as written (pass `stream` in the logger options). */
export function logSink(): LogSink {
  const lines: LogLine[] = [];
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      chunks.push(String(chunk));
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  return { lines, text: () => chunks.join(''), stream };
}
