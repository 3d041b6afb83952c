import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for Tesouro Transparente's CKAN serving the CAUC package the way the real one
 * does: `GET /api/3/action/package_show?id=cauc` answers CKAN's envelope `{help, success, result}`
 * whose `resources` list "Municípios" and "Estados" (CSV) and the metadata PDF, each with its
 * download `url`; the CSV is served at that address. `failNext(status)` makes the next answer fail.
 */
export interface RecordedCkan {
  url: string;
  requests: string[];
  /** The bytes served as the municipalities' CSV. */
  municipios: Buffer;
  failNext(status: number): void;
  close(): Promise<void>;
}

export async function startRecordedCkan(municipios: Buffer): Promise<RecordedCkan> {
  const failures: number[] = [];
  const state = { municipios, requests: [] as string[] };
  const server = createServer((req, res) => {
    state.requests.push(req.url ?? "");
    const failure = failures.shift();
    if (failure) {
      res.writeHead(failure, { "content-type": "text/html" }).end("<html><body>Request Rejected</body></html>");
      return;
    }
    const url = new URL(req.url ?? "/", "http://localhost");
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    if (url.pathname === "/api/3/action/package_show" && url.searchParams.get("id") === "cauc") {
      const resource = (id: string, name: string, format: string, file: string) => ({
        id, package_id: "a2b6f5b5-cauc", name, format, mimetype: format === "CSV" ? "text/csv" : "application/pdf",
        url: `${base}/dataset/a2b6f5b5-cauc/resource/${id}/download/${file}`, last_modified: "2026-11-20T06:20:11.345678",
      });
      res.writeHead(200, { "content-type": "application/json;charset=utf-8" }).end(
        JSON.stringify({
          help: `${base}/api/3/action/help_show?name=package_show`,
          success: true,
          result: {
            id: "a2b6f5b5-cauc", name: "cauc", title: "CAUC - Serviço Auxiliar de Informações para Transferências Voluntárias",
            organization: { name: "tesouro-nacional" },
            resources: [
              resource("6f1a", "Estados", "CSV", "cauc-estados.csv"),
              resource("9c2e", "Municípios", "CSV", "cauc-municipios.csv"),
              resource("0d4b", "Metadados CAUC Municípios", "PDF", "metadados-cauc-municipios.pdf"),
            ],
          },
        }),
      );
      return;
    }
    if (url.pathname.endsWith("/download/cauc-municipios.csv")) {
      res.writeHead(200, { "content-type": "text/csv" }).end(state.municipios);
      return;
    }
    res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ success: false, error: { message: "Not found", __type: "Not Found Error" } }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get requests() {
      return state.requests;
    },
    get municipios() {
      return state.municipios;
    },
    set municipios(bytes: Buffer) {
      state.municipios = bytes;
    },
    failNext: (status) => failures.push(status),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
