import { createServer, connect, type Server, type Socket } from "node:net";

/**
 * A TCP relay in front of a server, standing in for that server's host: `down()` is the server
 * going away (every open connection cut, new ones refused), `up()` is it coming back on the same
 * port. Used to take PostgreSQL away from the app without stopping the shared test cluster.
 */
export interface TcpProxy {
  host: string;
  port: number;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<Socket>();
  const relay = (client: Socket) => {
    const upstream = connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on("close", () => open.delete(socket));
      // A cut connection is the point of this relay: its errors are expected, not failures.
      socket.on("error", () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  };
  let server: Server | undefined;
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const next = createServer(relay);
      next.once("error", reject);
      next.listen(port, "127.0.0.1", () => {
        server = next;
        resolve((next.address() as { port: number }).port);
      });
    });
  const stop = async () => {
    const closing = server;
    server = undefined;
    for (const socket of open) socket.destroy();
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };
  const port = await listen(0);
  return {
    host: "127.0.0.1",
    port,
    down: stop,
    async up() {
      if (!server) await listen(port);
    },
    close: stop,
  };
}
