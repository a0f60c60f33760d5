import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

/**
 * The machine's limit for the menu page: a bare `node:http` server that answers every request with the
 * bytes and headers the real server sent for the cached menu page (read from the file and JSON given as arguments),
 * with no routing, hooks or negotiation. Run in its own process, like bench/server.ts, so that the load generator
 * never shares its event loop. Prints `READY <url>`, serves until killed.
 */
const [bodyFile, headersJson] = process.argv.slice(2);
if (!bodyFile || !headersJson) throw new Error('usage: tsx bench/bare.ts <body file> <headers json>');
const body = readFileSync(bodyFile);
const headers = { ...(JSON.parse(headersJson) as Record<string, string>), 'content-length': String(body.length) };

const server = createServer((_request, response) => {
  response.writeHead(200, headers);
  response.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  console.log(`READY http://127.0.0.1:${address.port}`);
});
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
