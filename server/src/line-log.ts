/**
 * A log for the processes that have no Fastify app (`npm run worker`, the cluster's primary): one JSON line
 * per event on stdout, like the server's log (pino is Fastify's, not a direct dependency).
 */
export type LineLog = {
  info: (msg: string, fields?: Record<string, unknown>) => void;
  warn: (msg: string, fields?: Record<string, unknown>) => void;
  error: (err: unknown, msg?: string, fields?: Record<string, unknown>) => void;
};

const line = (level: string, msg: string, fields: Record<string, unknown> = {}) =>
  console.log(JSON.stringify({ level, time: Date.now(), pid: process.pid, msg, ...fields }));

export const lineLog: LineLog = {
  info: (msg, fields) => line('info', msg, fields),
  warn: (msg, fields) => line('warn', msg, fields),
  error: (err, msg = 'error', fields = {}) => line('error', msg, err ? { ...fields, err: String(err) } : fields),
};
