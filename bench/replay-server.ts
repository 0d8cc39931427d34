import http from 'node:http';

/**
 * A second yardstick for the pages: node:http answering every request with the bytes the app sent for one
 * page (its status, headers and body, fetched once at start from REPLAY_URL, with REPLAY_ENCODING as the
 * Accept-Encoding), doing nothing else. The load generator's own cost grows with what it reads (a page's
 * size and characters), so the app divided by this says what serving the page costs the app itself.
 */
const url = process.env.REPLAY_URL as string;
const encoding = process.env.REPLAY_ENCODING || '';
// node:http, not fetch: the bytes as sent, compressed or not.
const sent = await new Promise<{ status: number; headers: http.OutgoingHttpHeaders; body: Buffer }>((resolve, reject) => {
  http
    .get(url, { headers: encoding ? { 'accept-encoding': encoding } : {} }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (c: Buffer) => chunks.push(c));
      answer.on('end', () => {
        const headers: http.OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(answer.headers)) {
          if (!['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name) && value !== undefined) headers[name] = value;
        }
        resolve({ status: answer.statusCode ?? 200, headers, body: Buffer.concat(chunks) });
      });
    })
    .on('error', reject);
});
const server = http.createServer((req, reply) => {
  req.resume();
  req.on('end', () => {
    reply.writeHead(sent.status, sent.headers).end(sent.body);
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('replay ready'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
