/**
 * The load side of `npm run bench`, in its own process so that firing requests never competes with
 * the server for its event loop. Reads {url, headers, connections, duration} as JSON from argv[2],
 * runs autocannon and prints {latencies, rps, errors} as JSON on stdout.
 */
import autocannon from "autocannon";

interface LoadRequest {
  url: string;
  headers: Record<string, string>;
  connections: number;
  duration: number;
}

export interface LoadResult {
  /** Every response's latency in ms, sorted. */
  latencies: number[];
  rps: number;
  errors: number;
}

async function main() {
  const request = JSON.parse(process.argv[2]) as LoadRequest;
  const latencies: number[] = [];
  const instance = autocannon({ url: request.url, connections: request.connections, duration: request.duration, headers: request.headers });
  instance.on("response", (_client: unknown, _status: number, _bytes: number, time: number) => latencies.push(time));
  const run = await instance;
  const result: LoadResult = { latencies: latencies.sort((a, b) => a - b), rps: run.requests.average, errors: run.errors + run.non2xx };
  process.stdout.write(JSON.stringify(result));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
