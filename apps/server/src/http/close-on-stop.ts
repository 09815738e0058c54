import type { FastifyInstance } from 'fastify';

/**
 * Once the server is stopping (app.close(), on SIGTERM), every answer says
 * `Connection: close`. Fastify itself marks only the requests that arrive after
 * the close began (and answers those 503); a keep-alive connection whose request
 * was already being handled would otherwise stay open after its answer until
 * keepAliveTimeout (72 s), and app.close(), so the process's exit, waits for it.
 */
export function closeConnectionsWhenStopping(app: FastifyInstance): void {
  let stopping = false;
  app.addHook('preClose', async () => {
    stopping = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (stopping) reply.header('Connection', 'close');
    return payload;
  });
}
