import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Graceful shutdown: answers to in-flight requests close their connection; connections that
 * turn idle after close() began are closed too (close() alone only closes those idle at that
 * moment, leaving the others to the keep-alive timeout); after 30 s everything is cut. Requests
 * that arrive after close() began get Fastify's own 503 with `Connection: close`.
 * Open connections are tracked (a listener per connection, not per request) so that the answer
 * each one is still working on can be told to close it.
 */
export function closeConnectionsOnShutdown(fastify: FastifyInstance): void {
  const sockets = new Set<Socket>();
  fastify.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  fastify.addHook('preClose', async () => {
    for (const socket of sockets) {
      // The response a socket is busy with (Node's own link from a socket to its response).
      const response = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
      if (response && !response.headersSent) response.shouldKeepAlive = false;
    }
    const started = Date.now();
    const sweeper = setInterval(() => {
      if (Date.now() - started > 30_000) fastify.server.closeAllConnections();
      else fastify.server.closeIdleConnections();
    }, 50);
    sweeper.unref();
    fastify.server.once('close', () => clearInterval(sweeper));
  });
}
