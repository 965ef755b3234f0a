/**
 * The bare side of the click benchmark, in its own process (so the load generator does not share its
 * event loop): Node's http answering the same 302 as a click, without recording anything. Prints one
 * JSON line with the port once listening. The product side is server/index.ts itself (bench/index.ts).
 */
import http from 'node:http';

const LANDING = 'https://lp.example/offer?cid=AAAAAAAAAAAAAAAAAAAAAA&s1=';

const server = http.createServer((_req, res) => {
  res.writeHead(302, { location: LANDING, 'cache-control': 'no-store' });
  res.end();
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as { port: number }).port })}\n`);
});
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
