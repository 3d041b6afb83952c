import { HttpError } from "../lib/errors";

/**
 * The weekly CAUC file from Tesouro Transparente's CKAN (research notes §2): `package_show?id=cauc`
 * lists the resources ("Municípios", "Estados", the metadata PDF); the municipalities' CSV is fetched
 * from the address it gives. The portal sits behind a WAF: a browser-like User-Agent is sent.
 */

const USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36 SOL-Transferencias";
const MAX_BYTES = 50 * 1024 * 1024;

interface CkanResource {
  name?: string;
  url?: string;
  format?: string;
}

const unavailable = (detail: string) => new HttpError(502, `O Tesouro Transparente não entregou o arquivo do CAUC (${detail}). Tente de novo mais tarde ou envie o arquivo baixado.`);

async function get(url: string, timeoutMs: number): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url, { headers: { "user-agent": USER_AGENT, accept: "*/*" }, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw unavailable((error as Error).name === "TimeoutError" ? "sem resposta no tempo" : "sem conexão");
  }
  if (!res.ok) throw unavailable(`resposta ${res.status}`);
  return res;
}

/** The municipalities' resource of the CAUC package: named "Municípios" (or a CSV whose name says municípios). */
export function municipalitiesResource(resources: CkanResource[]): CkanResource | undefined {
  const plain = (text = "") => text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  return resources.find((r) => plain(r.name).includes("municipio") && (plain(r.format) === "csv" || plain(r.url).endsWith(".csv")) && r.url);
}

/** Downloads the current national file of municipalities. */
export async function fetchCaucFile(ckanUrl: string, timeoutMs: number): Promise<{ bytes: Buffer; url: string }> {
  const res = await get(`${ckanUrl.replace(/\/$/, "")}/api/3/action/package_show?id=cauc`, timeoutMs);
  const body = (await res.json().catch(() => null)) as { success?: boolean; result?: { resources?: CkanResource[] } } | null;
  if (!body?.success || !Array.isArray(body.result?.resources)) throw unavailable("resposta do catálogo ilegível");
  const resource = municipalitiesResource(body.result.resources);
  if (!resource) throw unavailable('o conjunto CAUC não tem o recurso "Municípios" em CSV');
  const file = await get(resource.url!, timeoutMs);
  const bytes = Buffer.from(await file.arrayBuffer());
  if (bytes.length > MAX_BYTES) throw unavailable("arquivo maior que o esperado");
  return { bytes, url: resource.url! };
}
