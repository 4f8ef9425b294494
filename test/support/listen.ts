/** A Koa app listening on a free loopback port, for tests that need a real socket (a browser, curl, raw paths). */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Koa from 'koa';

export interface Listening {
  server: Server;
  port: number;
  /** http://127.0.0.1:<port> */
  url: string;
  /** Stops listening and drops open connections (a browser's keep-alive ones too), so the service is gone at once. */
  close: () => Promise<void>;
}

/**
 * Listens on a free port. `app` may be made from the address it will have (its PUBLIC_BASE_URL, which links
 * such as `links.view` start with): the port is taken first, then the app is made and handed the requests.
 */
export async function listen(app: Koa | ((baseUrl: string) => Koa | Promise<Koa>)): Promise<Listening> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  const koa = typeof app === 'function' ? await app(`http://127.0.0.1:${port}`) : app;
  server.on('request', koa.callback());
  return {
    server,
    port,
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
