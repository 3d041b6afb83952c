import { describe, expect, it } from "vitest";
import { publicDocumentOf } from "../../../src/domain/transfer-trail";
import { describeChanges, followToken, type TrailState } from "../../../server/transfer-trail/followers";
import { composeNotice } from "../../../server/transfer-trail/mail";

/** "Siga a emenda": what the public sees of a document, what a follower is told, and the notice's unsubscribe. */

const state: TrailState = { situation: "EM_EXECUCAO", workPlan: "Em análise", accountability: { ESPECIAL_PARCIAL: "PENDENTE" }, entries: 4, payments: 2, balance: "100.00" };

describe("a document on the public site", () => {
  it("shows a company's CNPJ in full and a person's CPF with only its middle six digits", () => {
    expect(publicDocumentOf("12.345.678/0001-95")).toEqual({ kind: "CNPJ", value: "12345678000195" });
    expect(publicDocumentOf("12345678909")).toEqual({ kind: "CPF", value: "***.456.789-**" });
  });

  it("shows nothing for a missing or malformed document", () => {
    expect(publicDocumentOf(null)).toBeNull();
    expect(publicDocumentOf("***123***")).toBeNull();
  });
});

describe("the changes a follower is told", () => {
  it("says nothing when nothing the follower was told changed, or when there was nothing told before", () => {
    expect(describeChanges(state, { ...state })).toEqual([]);
    expect(describeChanges(null, state)).toEqual([]);
  });

  it("names new statement lines, new payments, and each status that moved, in pt-BR", () => {
    const changes = describeChanges(state, { ...state, entries: 6, payments: 3, workPlan: "Aprovado", accountability: { ESPECIAL_PARCIAL: "EM_ELABORACAO" }, balance: "80.50" });
    expect(changes).toEqual([
      "2 novos lançamentos no extrato da conta específica.",
      "1 novo pagamento registrado.",
      "Plano de trabalho: Em análise → Aprovado.",
      "Relatório de gestão parcial (transferência especial): Pendente → Em elaboração.",
      "Saldo da conta: R$ 80,50.",
    ]);
  });
});

describe("a notice e-mail", () => {
  it("carries the one-click unsubscribe headers and the same link in its text", () => {
    const mail = composeNotice({ municipality: "Campinas", nr: "09032025-079703", object: "Obra", changes: ["1 novo pagamento registrado."], link: "https://x/p", unsubscribeLink: "https://x/p?cancelar=t", oneClickUrl: "https://x/api/public/follows/unsubscribe?token=t" });
    expect(mail.headers).toEqual({ "List-Unsubscribe": "<https://x/api/public/follows/unsubscribe?token=t>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    expect(mail.text).toContain("https://x/p?cancelar=t");
    expect(mail.html).toContain('href="https://x/p?cancelar=t"');
  });

  it("signs links so that another purpose or another nonce gives another token", () => {
    const confirm = followToken("segredo", { id: 7, nonce: "a" }, "c", 100);
    expect(confirm).toMatch(/^7\.c\.100\.[0-9a-f]{64}$/);
    expect(followToken("segredo", { id: 7, nonce: "b" }, "c", 100)).not.toBe(confirm);
    expect(followToken("segredo", { id: 7, nonce: "a" }, "u", 100).split(".")[3]).not.toBe(confirm.split(".")[3]);
  });
});
