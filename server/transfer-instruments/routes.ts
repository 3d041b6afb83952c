import { z } from "zod";
import { fundTransferPlans, impositionTransfers, voluntaryTransfers } from "../db/schema";
import { notFound } from "../lib/errors";
import { defineAction, fileResponse, noContent } from "../resources/define-action";
import { areaPlugin } from "../resources/declared";
import { idParams } from "../resources/params";
import { sendDocument } from "../storage/serve";
import { INSTRUMENT_NOT_FOUND, instrumentAttachSchema, instrumentSchema, type InstrumentTransferKind } from "../../src/domain/transfer-instruments";
import { instrumentOf, toInstrument } from "./queries";
import { attachInstrument, removeInstrument } from "./rules";

/**
 * The inteiro teor of a transfer's instrument (PNTP 2025 criterion 5.1), on the admin side: for each
 * kind of transfer, `/{kind}/:id/instrument` reads (anyone of the company), attaches or replaces
 * (PUT, managers) and removes it (DELETE, managers); `/instrument/file` downloads it. Another
 * company's transfer is a 404 with the transfer's message.
 */

const TAG = "transferências";
const TARGETS = [
  { kind: "imposition-transfers", table: impositionTransfers, notFound: "Transferência especial não encontrada." },
  { kind: "voluntary-transfers", table: voluntaryTransfers, notFound: "Transferência voluntária não encontrada." },
  { kind: "fund-to-fund-transfers", table: fundTransferPlans, notFound: "Plano fundo a fundo não encontrado." },
] as const satisfies readonly { kind: InstrumentTransferKind; table: unknown; notFound: string }[];

const answer = z.object({ instrument: instrumentSchema.nullable() });

function instrumentActions(target: (typeof TARGETS)[number]) {
  const { kind, table } = target;
  const scope = { kind: "child", parent: table, notFound: target.notFound } as const;
  const params = idParams(target.notFound);
  return [
    defineAction({
      method: "GET",
      path: `/${kind}/:id/instrument`,
      tag: TAG,
      summary: "O inteiro teor do instrumento anexado à transferência (nome, tamanho e data), ou null",
      guard: "user-only",
      scope,
      params,
      response: { 200: answer },
      handler: async ({ app, parent }) => {
        const row = await instrumentOf(app.db, kind, parent.id);
        return { instrument: row ? toInstrument(row) : null };
      },
    }),
    defineAction({
      method: "PUT",
      path: `/${kind}/:id/instrument`,
      tag: TAG,
      summary: "Anexa ou substitui o inteiro teor do instrumento (PDF enviado pelo link de envio, tipo instrument)",
      guard: "manager-only",
      scope,
      params,
      body: instrumentAttachSchema,
      response: { 200: answer },
      handler: async ({ app, parent, user, body }) => ({
        instrument: await attachInstrument(app, { kind, id: parent.id, companyId: parent.companyId }, { storagePath: body.storagePath, fileName: body.fileName, userId: user.id }),
      }),
    }),
    defineAction({
      method: "DELETE",
      path: `/${kind}/:id/instrument`,
      tag: TAG,
      summary: "Remove o inteiro teor do instrumento da transferência",
      guard: "manager-only",
      scope,
      params,
      response: { 204: noContent },
      handler: async ({ app, parent }) => {
        if (!(await removeInstrument(app, { kind, id: parent.id, companyId: parent.companyId }))) throw notFound(INSTRUMENT_NOT_FOUND);
      },
    }),
    defineAction({
      method: "GET",
      path: `/${kind}/:id/instrument/file`,
      tag: TAG,
      summary: "Baixa o inteiro teor do instrumento (como anexo, com o nome dado)",
      guard: "user-only",
      scope,
      params,
      response: { 200: fileResponse },
      handler: async ({ app, reply, parent }) => {
        const row = await instrumentOf(app.db, kind, parent.id);
        if (!row) throw notFound(INSTRUMENT_NOT_FOUND);
        return sendDocument(reply, app.storage.files, row);
      },
    }),
  ];
}

export default areaPlugin(...TARGETS.flatMap(instrumentActions));
