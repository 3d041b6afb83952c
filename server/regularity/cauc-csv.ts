import { parse } from "csv-parse/sync";
import iconv from "iconv-lite";
import { interpretCaucCell, parseCaucDate, type CaucCell } from "../../src/domain/regularity";
import { unprocessable } from "../lib/errors";

/**
 * The Tesouro Transparente's CAUC file for municipalities (CKAN `package_show?id=cauc`, research notes
 * §2): metadata lines first (`Data da Pesquisa: …`), then the header
 * `"UF";"Nome do Ente Federado";"Código IBGE";"Código SIAFI";"Região";"População";"Fonte";` and one
 * column per item, then a legend block; `;` separated, UTF-8 or Windows-1252, two-digit years.
 */

export interface CaucFileRow {
  uf: string;
  name: string;
  ibgeCode: string;
  siafiCode: string;
  /** Item code → what its cell says. */
  items: Map<string, CaucCell>;
}

export interface CaucFile {
  /** The search date (`Data da Pesquisa`), YYYY-MM-DD. */
  checkedOn: string;
  /** Item code → the header's text for it. */
  columns: Map<string, string>;
  rows: CaucFileRow[];
}

const FIXED = ["UF", "Nome do Ente Federado", "Código IBGE", "Código SIAFI", "Região", "População", "Fonte"];
const ITEM_CODE = /^\s*(\d(?:\.\d{1,2}){1,2})(?![\d])/;

/** UTF-8 when the bytes are valid UTF-8 (BOM or not); Windows-1252 otherwise. */
export function decodeCaucBytes(bytes: Buffer): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return iconv.decode(bytes, "win1252");
  }
}

const normalize = (text: string) => text.normalize("NFC").replace(/^\uFEFF/, "").trim();

/** Reads the whole file; a file that is not the CAUC's is refused with a 422 saying what is missing. */
export function parseCaucFile(bytes: Buffer): CaucFile {
  const text = decodeCaucBytes(bytes);
  const lines = text.split(/\r?\n/);
  const headerAt = lines.findIndex((line) => normalize(line).replace(/"/g, "").startsWith("UF;Nome do Ente Federado;"));
  if (headerAt < 0) {
    throw unprocessable(
      'Este arquivo não é o CAUC de municípios do Tesouro Transparente: falta o cabeçalho "UF";"Nome do Ente Federado";"Código IBGE";… Baixe o arquivo "Municípios" do conjunto CAUC.',
      { file: "Arquivo não reconhecido." },
    );
  }
  const checkedOn = searchDate(lines.slice(0, headerAt));
  const records: string[][] = parse(lines.slice(headerAt).join("\n"), {
    delimiter: ";",
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
  });
  const header = records[0].map(normalize);
  for (let i = 0; i < FIXED.length; i++) {
    if (header[i] !== FIXED[i]) {
      throw unprocessable(`Cabeçalho inesperado na coluna ${i + 1}: esperava "${FIXED[i]}" e encontrei "${header[i] ?? ""}".`, { file: "Cabeçalho inesperado." });
    }
  }
  const columns = new Map<string, string>();
  const itemAt: [number, string][] = [];
  header.forEach((cell, index) => {
    if (index < FIXED.length) return;
    const code = ITEM_CODE.exec(cell)?.[1];
    if (code && !columns.has(code)) {
      columns.set(code, cell);
      itemAt.push([index, code]);
    }
  });
  if (!itemAt.length) throw unprocessable("O arquivo não tem nenhuma coluna de item do CAUC (1.1, 2.1.1, 3.2.4…).", { file: "Sem itens." });

  const rows: CaucFileRow[] = [];
  for (const record of records.slice(1)) {
    const [uf, name, ibge, siafi] = record.map((cell) => normalize(cell ?? ""));
    // The legend block (and anything else after the data) has no UF and IBGE code in these places.
    if (!/^[A-Z]{2}$/.test(uf ?? "") || !/^\d{6,7}$/.test(ibge ?? "")) continue;
    const items = new Map<string, CaucCell>();
    for (const [index, code] of itemAt) {
      const raw = normalize(record[index] ?? "");
      const cell = interpretCaucCell(raw, checkedOn);
      if (!cell) throw unprocessable(`Valor ilegível "${raw}" no item ${code} de ${name} (${uf}): esperava uma data (31/07/26), "!", "Desabilitado" ou vazio.`, { file: "Valor ilegível." });
      items.set(code, cell);
    }
    rows.push({ uf, name, ibgeCode: ibge, siafiCode: siafi ?? "", items });
  }
  if (!rows.length) throw unprocessable("O arquivo não tem nenhuma linha de município.", { file: "Sem municípios." });
  return { checkedOn, columns, rows };
}

/** `Data da Pesquisa: 20/11/2026` (time after it, or a two-digit year, allowed) among the metadata lines. */
function searchDate(metadata: string[]): string {
  for (const line of metadata) {
    const match = /Data da Pesquisa\s*:?\s*;?\s*"?\s*(\d{2}\/\d{2}\/\d{2,4})/i.exec(normalize(line).replace(/"/g, ""));
    if (match) {
      const date = parseCaucDate(match[1]);
      if (date) return date;
    }
  }
  throw unprocessable('O arquivo não informa a "Data da Pesquisa" antes do cabeçalho: sem ela não se sabe a data da situação.', { file: "Sem data da pesquisa." });
}

/**
 * The IBGE code as the file writes it: 7 digits, or 6 without the check digit (some Tesouro
 * extracts). Compared by the first 6 digits, which identify a municipality on their own.
 */
export const ibgeKey = (code: string) => code.slice(0, 6);
