import http from 'node:http';
import { openDatabase } from '../server/src/db/database';
import { listNews } from '../server/src/services/content/news';

/**
 * Baseline for the API figure: plain node:http answering GET /api/news?page=1 with the same service call
 * and envelope as the Fastify route, on the same database. What Fastify costs on top is the ratio.
 */
const { db } = openDatabase(process.env.DATABASE_URL as string);
const server = http.createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  if (url.pathname !== '/api/news') {
    res.writeHead(404).end();
    return;
  }
  const data = await listNews(db, 'zh-CN', { page: Number(url.searchParams.get('page') ?? 1) });
  const body = JSON.stringify({ code: 0, msg: 'ok', data });
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) }).end(body);
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('raw ready'));
