import { describe, expect, it } from "vitest";
import { composeDigest, itemLink, whenText } from "../../../server/mail/digest-email";
import type { DeadlineItem } from "@/domain/deadlines";
import { digestSignature } from "@/domain/deadlines";

const item = (over: Partial<DeadlineItem>): DeadlineItem => ({
  key: "accountability:1",
  kind: "accountability",
  title: "Pavimentação <Rua A> & drenagem",
  reference: "912345",
  what: "Prestação de contas do convênio",
  date: "2026-12-01",
  daysLeft: 8,
  overdue: false,
  status: "AGUARDANDO",
  path: "/admin/accountability/1",
  ...over,
});

describe("the digest e-mail", () => {
  it("says how many days are left or how late, in pt-BR", () => {
    expect(whenText({ daysLeft: 0, overdue: false })).toBe("vence hoje");
    expect(whenText({ daysLeft: 1, overdue: false })).toBe("vence em 1 dia");
    expect(whenText({ daysLeft: 12, overdue: false })).toBe("vence em 12 dias");
    expect(whenText({ daysLeft: -1, overdue: true })).toBe("atrasado há 1 dia");
    expect(whenText({ daysLeft: -3, overdue: true })).toBe("atrasado há 3 dias");
  });

  it("links each item with the company chosen", () => {
    expect(itemLink("https://sol.gov.br", "/admin/accountability/7", { id: 3, cnpj: "46643466000106" })).toBe("https://sol.gov.br/admin/accountability/7?authComp=3_46643466000106");
  });

  it("groups items by kind in HTML (escaped) and text, with the same links, and counts the late ones in the subject", () => {
    const email = composeDigest({
      company: { id: 3, name: "São José dos Campos", cnpj: "46643466000106" },
      today: "2026-11-23",
      origin: "https://sol.gov.br",
      items: [item({}), item({ key: "lc210:2", kind: "lc210", what: "Comunicação LC 210", daysLeft: -2, overdue: true, date: "2026-11-21", path: "/admin/accountability/2", status: "PENDENTE" })],
    });
    expect(email.subject).toBe("SOL Transferências: 2 prazos novos ou alterados — São José dos Campos (1 atrasado)");
    expect(email.text).toContain("Resumo de prazos de São José dos Campos em 23/11/2026");
    expect(email.text).toContain("Prestação de contas (1)");
    expect(email.text).toContain("01/12/2026 (vence em 8 dias) — situação: aguardando");
    expect(email.text).toContain("21/11/2026 (atrasado há 2 dias) — situação: pendente");
    expect(email.text).toContain("https://sol.gov.br/admin/accountability/2?authComp=3_46643466000106");
    expect(email.html).toContain("Pavimentação &lt;Rua A&gt; &amp; drenagem");
    expect(email.html).not.toContain("<Rua A>");
    expect(email.html).toContain('href="https://sol.gov.br/admin/accountability/1?authComp=3_46643466000106"');
    expect(email.html.indexOf("Prestação de contas (1)")).toBeLessThan(email.html.indexOf("LC 210/2024 (emendas PIX) (1)"));
  });

  it("changes an item's signature when its date, status or lateness changes, not otherwise", () => {
    const base = item({});
    const nextDay: DeadlineItem = { ...base, daysLeft: 7 };
    expect(digestSignature(base)).toBe(digestSignature(nextDay));
    expect(digestSignature(base)).not.toBe(digestSignature({ ...base, date: "2026-12-02" }));
    expect(digestSignature(base)).not.toBe(digestSignature({ ...base, status: "EM_COMPLEMENTACAO" }));
    expect(digestSignature(base)).not.toBe(digestSignature({ ...base, overdue: true }));
  });
});
