import type { Db } from "../client";
import { alerts } from "../schema";

/** A day counted from today in São Paulo (AAAA-MM-DD), so the demo alerts are valid whenever the demo starts. */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toLocaleDateString("sv-SE", { timeZone: "America/Sao_Paulo" });

/** The consultancy's notices on a first start: one to every municipality, one to the first only, one already expired. */
export async function seedAlerts(db: Db, companyIds: number[]): Promise<void> {
  await db.insert(alerts).values([
    {
      title: "Emendas PIX: 30 dias para informar o uso dos recursos",
      message:
        "A LC 210/2024 exige que o município informe, no Transferegov.br, o objeto e o valor de cada transferência especial em até 30 dias do recebimento. Confira as emendas recebidas neste mês.",
      severity: "ATENCAO",
      audience: "ALL",
      validFrom: day(-3),
      validUntil: day(30),
      linkUrl: "https://www.planalto.gov.br/ccivil_03/leis/lcp/lcp210.htm",
    },
    {
      title: "CAUC: certidão do FGTS vence nesta semana",
      message: "A regularidade do FGTS consta como a vencer no CAUC. Sem ela, novas transferências voluntárias ficam suspensas. Emita a CRF na Caixa e confira a atualização no CAUC.",
      severity: "URGENTE",
      audience: "CHOSEN",
      companyIds: [companyIds[0]],
      validFrom: day(-1),
      validUntil: day(7),
      linkUrl: "https://www.tesourotransparente.gov.br/temas/estados-e-municipios/transferencias-voluntarias-cauc",
    },
    {
      title: "Transferegov.br em manutenção no sábado",
      message: "A plataforma ficou indisponível no sábado, das 8h às 14h, para manutenção programada.",
      severity: "INFO",
      audience: "ALL",
      validFrom: day(-10),
      validUntil: day(-2),
    },
  ]);
}
