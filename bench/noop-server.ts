import http from 'node:http';

/**
 * The yardstick of every load figure: node:http answering each request with a small fixed JSON body and
 * doing nothing else. A figure divided by this one says what the product's work costs on this machine.
 */
const body = JSON.stringify({ code: 0, msg: 'ok', data: null });
const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) }).end(body);
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('noop ready'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
