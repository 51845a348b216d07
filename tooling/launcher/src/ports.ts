import { createServer } from 'node:net';

/** Asks the kernel for a free loopback port. */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });

/** The gateway's port is held by another program. */
export class PortTakenError extends Error {
  constructor(
    readonly port: number,
    readonly host: string,
  ) {
    super(`Port ${port} is taken (another program listens on ${host}:${port})`);
    this.name = 'PortTakenError';
  }
}

/** Whether a port can be listened on at `host` now: tries it and lets it go at once. */
export const isPortFree = (port: number, host: string): Promise<boolean> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', (error: NodeJS.ErrnoException) => (error.code === 'EADDRINUSE' ? resolve(false) : reject(error)));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });

/** Throws PortTakenError when `port` is taken at `host`. */
export const assertPortFree = async (port: number, host: string): Promise<void> => {
  if (!(await isPortFree(port, host))) throw new PortTakenError(port, host);
};
