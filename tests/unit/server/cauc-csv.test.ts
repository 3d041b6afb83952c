import { readFileSync } from "node:fs";
import path from "node:path";
import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { parseCaucFile } from "../../../server/regularity/cauc-csv";
import { HttpError } from "../../../server/lib/errors";
import { CAUC_ITEMS, expiresSoon, interpretCaucCell, needsAttention, parseCaucDate } from "../../../src/domain/regularity";

const FIXTURE = readFileSync(path.join(import.meta.dirname, "../../fixtures/cauc/cauc-municipios-extrato.csv"));
const utf8 = FIXTURE.toString("utf8");

function refusal(bytes: Buffer): HttpError {
  try {
    parseCaucFile(bytes);
  } catch (error) {
    return error as HttpError;
  }
  throw new Error("o arquivo foi aceito");
}

describe("the Tesouro's CAUC file for municipalities", () => {
  it("reads the search date from the metadata, one row per municipality, and skips the legend", () => {
    const file = parseCaucFile(FIXTURE);
    expect(file.checkedOn).toBe("2026-11-20");
    expect(file.rows.map((r) => [r.uf, r.name, r.ibgeCode, r.siafiCode])).toEqual([
      ["SP", "São José dos Campos", "3549904", "7099"],
      ["SP", "Campinas", "3509502", "6291"],
      ["SP", "Jacareí", "3524402", "6589"],
    ]);
    expect([...file.columns.keys()]).toEqual(CAUC_ITEMS.map((i) => i.code));
  });

  it("reads each cell's meaning: a two-digit-year date, '!', 'Desabilitado', an empty cell, a lapsed date", () => {
    const sjc = parseCaucFile(FIXTURE).rows[0].items;
    expect(sjc.get("1.1")).toEqual({ status: "REGULAR", validUntil: "2027-01-15", raw: "15/01/27" });
    expect(sjc.get("1.2")).toEqual({ status: "A_COMPROVAR", validUntil: null, raw: "!" });
    expect(sjc.get("1.5")).toEqual({ status: "DESABILITADO", validUntil: null, raw: "Desabilitado" });
    expect(sjc.get("3.6")).toEqual({ status: "SEM_INFORMACAO", validUntil: null, raw: "" });
    const campinas = parseCaucFile(FIXTURE).rows[1].items;
    expect(campinas.get("1.5")).toEqual({ status: "IRREGULAR", validUntil: "2026-11-10", raw: "10/11/26" });
  });

  it("reads the same file saved in Windows-1252, accents included", () => {
    const latin = iconv.encode(utf8, "win1252");
    expect(latin.equals(FIXTURE)).toBe(false);
    const file = parseCaucFile(latin);
    expect(file.rows.map((r) => r.name)).toEqual(["São José dos Campos", "Campinas", "Jacareí"]);
    expect(file.rows[0].items.get("1.1")?.validUntil).toBe("2027-01-15");
  });

  it("reads a UTF-8 file with a BOM and item headers that carry their label after the code", () => {
    const labelled = utf8.replace('"1.1";', '"1.1 - Tributos, Contribuições Previdenciárias Federais e Dívida Ativa da União";').replace('"3.2.4";', '"3.2.4 Anexo 12 do RREO (Siops)";');
    const file = parseCaucFile(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(labelled)]));
    expect(file.columns.get("1.1")).toMatch(/^1\.1 - Tributos/);
    expect(file.rows[0].items.get("3.2.4")?.raw).toBe("30/01/27");
    expect(file.columns.size).toBe(30);
  });

  it("refuses a file that is not the CAUC's, one without the search date and an unreadable cell, each with a pt-BR 422", () => {
    const notCauc = refusal(Buffer.from("NR_CONVENIO;OBJETO\n123456;Obra\n"));
    expect(notCauc.statusCode).toBe(422);
    expect(notCauc.message).toMatch(/não é o CAUC de municípios/);
    const noDate = refusal(Buffer.from(utf8.replace(/"Data da Pesquisa[^\n]*\n/, "")));
    expect(noDate.statusCode).toBe(422);
    expect(noDate.message).toMatch(/Data da Pesquisa/);
    const unreadable = refusal(Buffer.from(utf8.replace('"15/01/27"', '"31/02/27"')));
    expect(unreadable.statusCode).toBe(422);
    expect(unreadable.message).toMatch(/Valor ilegível "31\/02\/27" no item 1\.1 de São José dos Campos/);
  });
});

describe("CAUC dates and deadlines", () => {
  it("takes two-digit years as 20xx and refuses days that do not exist", () => {
    expect(parseCaucDate("31/07/26")).toBe("2026-07-31");
    expect(parseCaucDate("29/02/28")).toBe("2028-02-29");
    expect(parseCaucDate("29/02/27")).toBeNull();
    expect(parseCaucDate("2026-07-31")).toBeNull();
    expect(interpretCaucCell("desabilitado", "2026-01-01")?.status).toBe("DESABILITADO");
    expect(interpretCaucCell("x", "2026-01-01")).toBeNull();
  });

  it("flags a regular item whose validity ends within the alert days, today included", () => {
    const today = "2026-11-20";
    expect(expiresSoon({ status: "REGULAR", validUntil: "2026-11-20" }, today, 15)).toBe(true);
    expect(expiresSoon({ status: "REGULAR", validUntil: "2026-12-05" }, today, 15)).toBe(true);
    expect(expiresSoon({ status: "REGULAR", validUntil: "2026-12-06" }, today, 15)).toBe(false);
    expect(expiresSoon({ status: "IRREGULAR", validUntil: "2026-11-19" }, today, 15)).toBe(false);
    expect(expiresSoon({ status: "A_COMPROVAR", validUntil: null }, today, 15)).toBe(false);
  });

  it("asks for attention on an item that is not regular or runs out within the alert days, and not on a regular one far from its end", () => {
    const today = "2026-11-20";
    expect(needsAttention({ status: "IRREGULAR", validUntil: null }, today, 15)).toBe(true);
    expect(needsAttention({ status: "SEM_INFORMACAO", validUntil: null }, today, 15)).toBe(true);
    expect(needsAttention({ status: "REGULAR", validUntil: "2026-12-05" }, today, 15)).toBe(true);
    expect(needsAttention({ status: "REGULAR", validUntil: "2027-03-01" }, today, 15)).toBe(false);
    expect(needsAttention({ status: "REGULAR", validUntil: null }, today, 15)).toBe(false);
  });
});
