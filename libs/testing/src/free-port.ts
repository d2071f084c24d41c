import { createServer } from 'node:net';

/**
 * Test services listen below Linux's ephemeral range (32768–60999). A port the OS hands out
 * with `listen(0)` is ephemeral, so between choosing it and a service listening on it, any
 * outgoing connection (to PostgreSQL, Redis, another test file's service) may take it as its
 * local port: CI once failed on exactly that EADDRINUSE.
 */
const FIRST_PORT = 20_000;
const PORT_COUNT = 12_000;

/** Where this process starts looking: random, so parallel test workers rarely meet. */
let nextOffset = Math.floor(Math.random() * PORT_COUNT);

/** A TCP port outside the ephemeral range that nobody listens on right now. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = FIRST_PORT + (nextOffset++ % PORT_COUNT);
    if (await canListen(port)) return port;
  }
  throw new Error('no free port between 20000 and 32000');
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
