import { describe, expect, it } from "vitest";
import {
  CONVENIO_STATUSES,
  ESPECIAL_STATUSES,
  FUNDO_STATUSES,
  OBLIGATION_KINDS,
  STATUSES_OF_KIND,
  convenioStatusFromTransfer,
  dueFlags,
  isOpen,
  isStatusOf,
  lc210DueDate,
  lc210StatusOf,
  phaseOf,
} from "@/domain/accountability";
import { VOLUNTARY_STATUSES } from "@/domain/transfers";
import { todayInSaoPaulo } from "@/domain/dates";

describe("accountability statuses", () => {
  it("follows SICONV's prestação de contas for convênios and Transferegov's relatórios de gestão for the others", () => {
    expect(CONVENIO_STATUSES).toEqual(["AGUARDANDO", "ENVIADA", "EM_ANALISE", "EM_COMPLEMENTACAO", "APROVADA", "APROVADA_COM_RESSALVAS", "REJEITADA"]);
    expect(ESPECIAL_STATUSES).toEqual(["PENDENTE", "EM_ELABORACAO", "DISPONIBILIZADO"]);
    expect(FUNDO_STATUSES).toEqual(expect.arrayContaining(["EM_ELABORACAO", "ENVIADO_ANALISE_CONSELHO", "ENVIADO_ANALISE", "EM_COMPLEMENTACAO", "ANALISE_CONCLUIDA_CONSELHO", "ANALISE_CONCLUIDA", "REJEITADO"]));
    expect(isStatusOf("CONVENIO", "APROVADA_COM_RESSALVAS")).toBe(true);
    expect(isStatusOf("CONVENIO", "DISPONIBILIZADO")).toBe(false);
    expect(isStatusOf("ESPECIAL_FINAL", "ANALISE_CONCLUIDA")).toBe(false);
    expect(isStatusOf("FUNDO_PARCIAL", "ANALISE_CONCLUIDA")).toBe(true);
  });

  it("gives every status of every kind a phase: what is still owed is open, delivered or approved is done, rejected is rejected", () => {
    for (const kind of OBLIGATION_KINDS) for (const status of STATUSES_OF_KIND[kind]) expect(["pending", "in_progress", "done", "rejected"], `${kind} ${status}`).toContain(phaseOf(status));
    expect(["AGUARDANDO", "PENDENTE", "EM_ELABORACAO", "EM_COMPLEMENTACAO", "PARCIAL"].every((s) => isOpen(s as never))).toBe(true);
    expect(["ENVIADA", "EM_ANALISE", "APROVADA", "APROVADA_COM_RESSALVAS", "DISPONIBILIZADO", "ANALISE_CONCLUIDA", "COMUNICADA"].some((s) => isOpen(s as never))).toBe(false);
    expect(phaseOf("REJEITADA")).toBe("rejected");
    expect(phaseOf("REJEITADO")).toBe("rejected");
  });

  it("maps SIT_CONVENIO onto the convênio's prestação de contas status", () => {
    expect(convenioStatusFromTransfer("PRESTACAO_CONTAS_EM_ANALISE")).toBe("EM_ANALISE");
    expect(convenioStatusFromTransfer("PRESTACAO_CONTAS_EM_COMPLEMENTACAO")).toBe("EM_COMPLEMENTACAO");
    expect(convenioStatusFromTransfer("PRESTACAO_CONTAS_APROVADA_RESSALVAS")).toBe("APROVADA_COM_RESSALVAS");
    expect(convenioStatusFromTransfer("PRESTACAO_CONTAS_REJEITADA")).toBe("REJEITADA");
    expect(convenioStatusFromTransfer("EM_EXECUCAO")).toBe("AGUARDANDO");
    for (const status of VOLUNTARY_STATUSES) expect(CONVENIO_STATUSES).toContain(convenioStatusFromTransfer(status));
  });

  it("says pendente until a recipient is told, comunicada in part, and comunicada once Câmara, TCU and TCE/TCM were told", () => {
    expect(lc210StatusOf([])).toBe("PENDENTE");
    expect(lc210StatusOf([{ recipient: "CAMARA", sentOn: "2026-03-02" }])).toBe("PARCIAL");
    expect(lc210StatusOf([{ recipient: "CAMARA", sentOn: "2026-03-02" }, { recipient: "TCU", sentOn: "2026-03-03" }])).toBe("PARCIAL");
    expect(lc210StatusOf([{ recipient: "TCE", sentOn: "2026-03-02" }, { recipient: "CAMARA", sentOn: "2026-03-02" }, { recipient: "TCU", sentOn: "2026-03-03" }])).toBe("COMUNICADA");
  });
});

describe("LC 210/2024 art. 8 due date, in São Paulo's calendar", () => {
  it("is 30 calendar days after the account indication or the first receipt, whichever came first", () => {
    expect(lc210DueDate("2026-03-01", null)).toBe("2026-03-31");
    expect(lc210DueDate(null, "2026-03-10")).toBe("2026-04-09");
    expect(lc210DueDate("2026-03-10", "2026-03-05")).toBe("2026-04-04");
    expect(lc210DueDate(null, null)).toBeNull();
  });

  it("crosses month ends, leap days and the year's end", () => {
    expect(lc210DueDate("2028-01-30", null)).toBe("2028-02-29");
    expect(lc210DueDate("2027-01-30", null)).toBe("2027-03-01");
    expect(lc210DueDate("2026-12-15", null)).toBe("2027-01-14");
    expect(lc210DueDate("2026-02-27", null)).toBe("2026-03-29");
  });

  it("takes the São Paulo day of an instant: 02:59 UTC is still the day before (UTC−3), 03:00 UTC is the next", () => {
    expect(todayInSaoPaulo(Date.parse("2026-04-01T02:59:59Z"))).toBe("2026-03-31");
    expect(todayInSaoPaulo(Date.parse("2026-04-01T03:00:00Z"))).toBe("2026-04-01");
    expect(todayInSaoPaulo(Date.parse("2027-01-01T02:30:00Z"))).toBe("2026-12-31");
  });

  it("is on time on its due day in São Paulo and late from the next day, whatever the UTC date", () => {
    const due = lc210DueDate("2026-03-01", null)!; // 2026-03-31
    const at = (iso: string) => dueFlags({ status: "PENDENTE", dueDate: due }, todayInSaoPaulo(Date.parse(iso)), 30);
    // 23:30 on 31/03 in São Paulo is already 1 April in UTC: still due today.
    expect(at("2026-04-01T02:30:00Z")).toEqual({ overdue: false, dueSoon: true, daysLeft: 0 });
    expect(at("2026-04-01T03:00:00Z")).toEqual({ overdue: true, dueSoon: false, daysLeft: -1 });
    expect(at("2026-03-01T12:00:00Z")).toEqual({ overdue: false, dueSoon: true, daysLeft: 30 });
    expect(at("2026-02-28T12:00:00Z")).toEqual({ overdue: false, dueSoon: false, daysLeft: 31 });
  });

  it("never flags a notice given to all three, nor an obligation without a due date", () => {
    expect(dueFlags({ status: "COMUNICADA", dueDate: "2026-01-01" }, "2026-06-01", 30)).toEqual({ overdue: false, dueSoon: false, daysLeft: -151 });
    expect(dueFlags({ status: "PARCIAL", dueDate: "2026-01-01" }, "2026-06-01", 30).overdue).toBe(true);
    expect(dueFlags({ status: "PENDENTE", dueDate: null }, "2026-06-01", 30)).toEqual({ overdue: false, dueSoon: false, daysLeft: null });
  });
});
