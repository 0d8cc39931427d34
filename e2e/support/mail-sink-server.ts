import http from 'node:http';
import { startMailSink } from '../../server/test/helpers/mail-sink';
import { mailSinkPorts } from './mail-sink-ports';

/**
 * The e2e mail sink: a real SMTP server the e2e app sends to (SMTP_URL), plus a small HTTP reader so specs
 * can fetch what arrived: GET /messages?to=<address> -> [{ to, subject, text, html }]. Started by Playwright
 * as a webServer before the app.
 */
const { smtp, http: httpPort } = mailSinkPorts();
const sink = await startMailSink({ port: smtp });

http
  .createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/health') {
      res.end('ok');
      return;
    }
    if (url.pathname === '/messages') {
      const to = url.searchParams.get('to');
      const list = (to ? sink.to(to) : sink.messages).map(({ raw: _raw, ...m }) => m);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(list));
      return;
    }
    res.statusCode = 404;
    res.end();
  })
  .listen(httpPort, '127.0.0.1');
