import { VOLUNTARY_NR, type VoluntaryStatus } from "../../../src/domain/transfers";
import type { transactionPayments, voluntaryTransfers } from "../../db/schema";
import { RowProblem, dayOf, documentOf, moneyOf, moneyOr0, textOf } from "../values";
import type { TransferegovClient } from "./client";
import type { Progress } from "./especiais";
import type { Row } from "./tables";

/**
 * Partnerships of one municipality from Transferegov's `parcerias` module (issue 32 item 4), where
 * the health emendas moved: most of its programs are of the instrument type "FAF SAUDE" (fundo a
 * fundo saúde; research notes domain-2026). A partnership is an instrument signed on a proposal, with
 * its own commitments, documentos hábeis and payment orders, so it is stored as a voluntary transfer
 * (modality FUNDO_A_FUNDO_SAUDE or PARCERIA) and its money chain as that transfer's payments: it
 * shows in the voluntary transfers' list, counts in the dashboard's figures and its page shows the
 * empenhos and ordens like a convênio's.
 *
 * The chain (September 2026: every id filter of the module takes a list of up to 200):
 * `proposta?cnpj_ente_recebedor=` (the municipality's proposals, paged) → `parceria?id_proposta=`,
 * `distribuicao-recurso-proposta?id_proposta=` (the emendas that fund each proposal) and
 * `programa?id_programa=` → `empenho-parceria?id_parceria=` and `documento-habil?id_parceria=` →
 * `ordem-pagamento?id_documento_habil=`. A few requests per 200 partnerships, whatever their number.
 */

type Proposal = Row<"parcerias/proposta">;
type Partnership = Row<"parcerias/parceria">;
type Program = Row<"parcerias/programa">;
type Distribution = Row<"parcerias/distribuicao-recurso-proposta">;
type Commitment = Row<"parcerias/empenho-parceria">;
type HabilDocument = Row<"parcerias/documento-habil">;
type PaymentOrder = Row<"parcerias/ordem-pagamento">;

export interface FetchedPartnership {
  partnership: Partnership;
  proposal: Proposal;
  program: Program | null;
  distributions: Distribution[];
  commitments: Commitment[];
  documents: { document: HabilDocument; orders: PaymentOrder[] }[];
}

export interface FetchedParcerias {
  partnerships: FetchedPartnership[];
  /** Rows the API answered that belong to somebody else (dropped). */
  skipped: number;
  rowsRead: number;
}

/** Rows grouped by one of their id columns. */
function groupBy<R, K extends keyof R>(rows: R[], key: K): Map<unknown, R[]> {
  const map = new Map<unknown, R[]>();
  for (const row of rows) {
    const value = row[key];
    if (value === null || value === undefined) continue;
    const list = map.get(value);
    if (list) list.push(row);
    else map.set(value, [row]);
  }
  return map;
}

const ids = <R>(rows: R[], pick: (row: R) => number | null | undefined) => [...new Set(rows.map(pick).filter((id): id is number => typeof id === "number"))];

export async function fetchParcerias(client: TransferegovClient, cnpj: string, progress: Progress): Promise<FetchedParcerias> {
  const skippedBefore = client.skipped;
  let rowsRead = 0;
  const read = <R>(rows: R[]) => {
    rowsRead += rows.length;
    return rows;
  };
  const step = "Buscando as parcerias (emendas de saúde), seus empenhos e ordens de pagamento";
  progress(step, 0, 6);
  const answered = read(await client.all("parcerias/proposta", { cnpj_ente_recebedor: cnpj }));
  const proposals = answered.filter((row) => documentOf(row.cnpj_ente_recebedor) === cnpj && typeof row.id_proposta === "number");
  const extraSkipped = answered.length - proposals.length;
  if (proposals.length === 0) return { partnerships: [], skipped: client.skipped - skippedBefore + extraSkipped, rowsRead };

  const proposalIds = ids(proposals, (row) => row.id_proposta);
  progress(step, 1, 6);
  const partnerships = read(await client.allIn("parcerias/parceria", "id_proposta", proposalIds)).filter((row) => typeof row.id_parceria === "number");
  progress(step, 2, 6);
  const distributions = read(await client.allIn("parcerias/distribuicao-recurso-proposta", "id_proposta", ids(partnerships, (row) => row.id_proposta)));
  progress(step, 3, 6);
  const programs = read(await client.allIn("parcerias/programa", "id_programa", ids(proposals, (row) => row.id_programa)));
  const partnershipIds = ids(partnerships, (row) => row.id_parceria);
  progress(step, 4, 6);
  const commitments = read(await client.allIn("parcerias/empenho-parceria", "id_parceria", partnershipIds));
  const documents = read(await client.allIn("parcerias/documento-habil", "id_parceria", partnershipIds));
  progress(step, 5, 6);
  const orders = read(await client.allIn("parcerias/ordem-pagamento", "id_documento_habil", ids(documents, (row) => row.id_documento_habil)));
  progress(step, 6, 6);

  const proposalOf = new Map(proposals.map((row) => [row.id_proposta, row]));
  const programOf = new Map(programs.map((row) => [row.id_programa, row]));
  const distributionsOf = groupBy(distributions, "id_proposta");
  const commitmentsOf = groupBy(commitments, "id_parceria");
  const documentsOf = groupBy(documents, "id_parceria");
  const ordersOf = groupBy(orders, "id_documento_habil");
  const fetched: FetchedPartnership[] = [];
  for (const partnership of partnerships) {
    const proposal = proposalOf.get(partnership.id_proposta);
    if (!proposal) continue;
    fetched.push({
      partnership,
      proposal,
      program: programOf.get(proposal.id_programa) ?? null,
      distributions: distributionsOf.get(partnership.id_proposta) ?? [],
      commitments: commitmentsOf.get(partnership.id_parceria) ?? [],
      documents: (documentsOf.get(partnership.id_parceria) ?? []).map((document) => ({ document, orders: ordersOf.get(document.id_documento_habil) ?? [] })),
    });
  }
  return { partnerships: fetched, skipped: client.skipped - skippedBefore + extraSkipped, rowsRead };
}

// ---------- mapping ----------

export type PartnershipValues = Omit<typeof voluntaryTransfers.$inferInsert, "companyId" | "isPublic" | "internalNotes" | "id" | "committedValue" | "paidValue">;
export type PartnershipPaymentValues = Omit<typeof transactionPayments.$inferInsert, "companyId" | "impositionTransferId" | "voluntaryTransferId" | "id">;

const SOURCE = "transferegov_parcerias" as const;

const plain = (text: unknown) =>
  String(text ?? "")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .trim()
    .toUpperCase();

/** "FAF SAUDE" programs are the health emendas' fundo a fundo; the module's others are plain partnerships. */
export function partnershipModality(program: Program | null): "FUNDO_A_FUNDO_SAUDE" | "PARCERIA" {
  return plain(program?.cd_tipo_instrumento) === "FAF SAUDE" ? "FUNDO_A_FUNDO_SAUDE" : "PARCERIA";
}

/**
 * in_situacao_parceria (Aprovada, Em Análise, Em Captação, Em Elaboração, Inativa, Rejeitada) and the
 * execution authorization onto the convênio statuses: an approved partnership is signed, and in
 * execution once its execution was authorized or money was paid; an inactive or rejected one is
 * cancelled; one still being prepared is an approved proposal.
 */
export function partnershipStatus(partnership: Partnership, paid: boolean): VoluntaryStatus {
  const situation = plain(partnership.in_situacao_parceria);
  if (situation === "INATIVA" || situation === "REJEITADA") return "CANCELADO";
  if (situation === "APROVADA") {
    const authorized = plain(partnership.in_situacao_autorizacao_execucao).startsWith("AUTORIZ") || !!textOf(partnership.dh_autorizacao_execucao);
    return authorized || paid ? "EM_EXECUCAO" : "ASSINADO";
  }
  return "PROPOSTA_APROVADA";
}

/** The number a person looks a partnership up by (cd_parceria) as the 6 digits of a convênio number. */
export function partnershipNumber(partnership: Partnership): string {
  const code = textOf(partnership.cd_parceria) ?? "";
  const nr = /^\d{1,6}$/.test(code) ? code.padStart(6, "0") : code;
  if (!VOLUNTARY_NR.test(nr)) throw new RowProblem("cd_parceria", `número da parceria fora do formato de 6 dígitos: ${code || "(vazio)"}`);
  return nr;
}

/** An amendment number as the 12 digits the product keys emendas by (year + author + sequence), else null. */
function amendmentNumberOf(distributions: Distribution[]): string | null {
  for (const row of distributions) {
    const digits = String(row.nr_emenda_proposta ?? "").replace(/\D/g, "");
    if (digits.length === 12) return digits;
  }
  return null;
}

const cents = (value: string) => Math.round(Number(value) * 100);

/** The federal money: what the emendas distribute to the proposal, else the proposal's planned spending. */
function transferValueOf(fetched: FetchedPartnership): string {
  const distributed = fetched.distributions.reduce((sum, row) => sum + cents(moneyOr0(row.valor_emenda, "valor_emenda")), 0);
  if (distributed > 0) return (distributed / 100).toFixed(2);
  const planned = moneyOf(fetched.proposal.vl_total_planejamento_gastos, "vl_total_planejamento_gastos");
  if (planned !== null) return planned;
  // nr_vlr_total is text at the source: "150000.00" or "150.000,00".
  const text = String(fetched.proposal.nr_vlr_total ?? "").trim();
  const normalized = text.includes(",") ? text.replace(/\./g, "").replace(",", ".") : text;
  return moneyOr0(normalized || null, "nr_vlr_total");
}

/** The first publication in the Diário Oficial, if any. */
function publishedOn(partnership: Partnership): string | null {
  const days = (partnership.publicacoes_parceria ?? [])
    .map((publication) => (publication && typeof publication === "object" ? (publication as Record<string, unknown>).dt_publicacao : null))
    .map((value) => {
      try {
        return dayOf(value, "dt_publicacao");
      } catch {
        return null;
      }
    })
    .filter((day): day is string => day !== null)
    .sort();
  return days[0] ?? null;
}

export function toPartnershipTransfer(fetched: FetchedPartnership): PartnershipValues {
  const { partnership, proposal, program } = fetched;
  const nrTransfer = partnershipNumber(partnership);
  const signedAt = dayOf(partnership.dh_assinatura, "dh_assinatura");
  const year = proposal.ano_proposta ?? (signedAt ? Number(signedAt.slice(0, 4)) : program?.ano_programa);
  if (typeof year !== "number" || !Number.isInteger(year) || year < 2000 || year > 2100) throw new RowProblem("ano_proposta", `ano da parceria inválido: ${String(year ?? "(vazio)")}`);
  const paid = fetched.documents.some(({ orders }) => orders.some((order) => textOf(order.nr_ordem_bancaria)));
  const author = fetched.distributions.map((row) => textOf(row.nm_parlamentar_proposta)).find(Boolean) ?? fetched.commitments.map((row) => textOf(row.autor_emenda)).find(Boolean) ?? null;
  return {
    nrTransfer,
    proposalNumber: null,
    year,
    modality: partnershipModality(program),
    status: partnershipStatus(partnership, paid),
    object: textOf(proposal.ds_objeto) ?? "Objeto não informado pelo Transferegov",
    programCode: textOf(program?.cd_programa, 20),
    programName: textOf(program?.nm_programa),
    grantorAcronym: textOf(program?.sg_ente_repassador, 20) ?? textOf(program?.sg_ente_superior, 20),
    grantorName: textOf(program?.nm_ente_repassador) ?? textOf(program?.nm_ente_superior),
    amendmentNumber: amendmentNumberOf(fetched.distributions),
    parliamentarianName: author ? author.slice(0, 120) : null,
    transferValue: transferValueOf(fetched),
    counterpartValue: "0.00",
    signedAt,
    publishedAt: publishedOn(partnership),
    processNumber: textOf(partnership.cd_processo_sei, 40),
    sourceStatus: [textOf(partnership.in_situacao_parceria), textOf(partnership.in_situacao_autorizacao_execucao)].filter(Boolean).join(" · ") || null,
    source: SOURCE,
    externalId: String(partnership.id_parceria),
    raw: { parceria: partnership, proposta: proposal, programa: program, distribuicoes: fetched.distributions },
  };
}

const cancelled = (text: unknown) => /CANCEL|ANULAD|ESTORN/.test(plain(text));

/** A payee's CNPJ or CPF as the 11 or 14 digits the column takes; a masked or odd one is left out. */
function payeeDocumentOf(value: unknown): string | null {
  const digits = String(value ?? "").replace(/\D/g, "");
  return digits.length === 11 || digits.length === 14 ? digits : null;
}

/** Each empenho a commitment; each payment order (its OB when issued) a bank order into the account. */
export function toPartnershipPayments(fetched: FetchedPartnership, onProblem: (problem: RowProblem, what: string) => void): PartnershipPaymentValues[] {
  const payments: PartnershipPaymentValues[] = [];
  for (const commitment of fetched.commitments) {
    try {
      const paymentDate = dayOf(commitment.data_emissao, "data_emissao");
      if (!paymentDate) throw new RowProblem("data_emissao", "empenho sem data de emissão");
      const number = textOf(commitment.numero_nota_empenho_gerada, 30) ?? (commitment.nr_empenho ? `${commitment.aa_empenho ?? ""}NE${String(commitment.nr_empenho).padStart(6, "0")}` : null);
      payments.push({
        kind: "COMMITMENT",
        status: cancelled(commitment.in_situacao_siafi) ? "CANCELADO" : number && textOf(commitment.numero_nota_empenho_gerada) ? "EFETIVADO" : "PENDENTE",
        documentNumber: number ?? `NE ${commitment.id_empenho_parceria}`,
        paymentDate,
        amount: moneyOr0(commitment.valor_empenho, "valor_empenho"),
        payeeName: textOf(commitment.nome_favorecido),
        payeeDocument: payeeDocumentOf(commitment.identificacao_favorecido),
        description: textOf(commitment.descricao_empenho) ?? (textOf(commitment.autor_emenda) ? `Emenda de ${textOf(commitment.autor_emenda)}` : null),
        source: SOURCE,
        externalId: `empenho:${commitment.id_empenho_parceria}`,
        raw: { empenho: commitment },
      });
    } catch (error) {
      if (!(error instanceof RowProblem)) throw error;
      onProblem(error, `empenho da parceria ${commitment.numero_nota_empenho_gerada ?? commitment.id_empenho_parceria}`);
    }
  }
  for (const { document, orders } of fetched.documents) {
    for (const order of orders) {
      try {
        const paymentDate = dayOf(order.dt_emissao_ordem_bancaria, "dt_emissao_ordem_bancaria") ?? dayOf(order.dt_emissao_op, "dt_emissao_op") ?? dayOf(document.dt_emissao, "dt_emissao");
        if (!paymentDate) throw new RowProblem("dt_emissao_op", "ordem de pagamento sem data");
        const amount = moneyOf(order.vl_ordem_pagamento, "vl_ordem_pagamento") ?? moneyOf(document.vl_documento_habil, "vl_documento_habil");
        if (amount === null) throw new RowProblem("vl_ordem_pagamento", "ordem de pagamento sem valor");
        const bankOrder = textOf(order.nr_ordem_bancaria, 30);
        payments.push({
          kind: "BANK_ORDER",
          status: cancelled(order.in_situacao_op) ? "CANCELADO" : bankOrder ? "EFETIVADO" : "PENDENTE",
          documentNumber: bankOrder ?? textOf(order.nr_ordem_pagamento, 30) ?? textOf(order.nr_minuta_op, 30) ?? `OP ${order.id_op}`,
          paymentDate,
          amount,
          payeeName: textOf(document.nm_credor_devedor),
          payeeDocument: payeeDocumentOf(document.cd_credor_devedor),
          description: textOf(order.in_situacao_op),
          source: SOURCE,
          externalId: `op:${order.id_op}`,
          raw: { ordem: order, documento_habil: document },
        });
      } catch (error) {
        if (!(error instanceof RowProblem)) throw error;
        onProblem(error, `ordem de pagamento ${order.nr_ordem_bancaria ?? order.nr_ordem_pagamento ?? order.id_op}`);
      }
    }
  }
  return payments;
}
