import { and, eq } from "drizzle-orm";
import type { Db } from "../client";
import { categories, documentModels, tutorials } from "../schema";
import type { CategoryScope } from "../../../src/domain/content";
import type { TutorialAudience } from "../../../src/domain/library";
import { SEED_MODELS } from "./model-files";

/** The library's demo document models (their files are written by model-files.ts) and tutorials. */

type SeedTutorial = { title: string; summary: string; body: string; videoUrl: string | null; order: number; audience: TutorialAudience; category: string; published: boolean };
export const SEED_TUTORIALS: SeedTutorial[] = [
  {
    title: "Como aceitar uma emenda PIX (transferência especial) no Transferegov",
    summary: "Do aviso do parlamentar à indicação da conta: o passo a passo do plano de ação da transferência especial.",
    body: [
      "## Antes de começar",
      "Tenha em mãos o **login gov.br** do prefeito ou de quem tem o perfil de cadastrador no Transferegov.br e o número da emenda.",
      "",
      "## Passo a passo",
      "1. Entre em *Transferências Especiais* › *Plano de Ação*.",
      "2. Localize a emenda pelo número e confira o valor indicado.",
      "3. Indique a conta específica no Banco do Brasil (a conta é aberta pelo próprio sistema).",
      "4. Descreva o objeto e as metas do plano de ação e envie para análise.",
      "",
      "> A LC 210/2024 exige que o município informe o objeto e o valor em até 30 dias do aviso do parlamentar.",
    ].join("\n"),
    videoUrl: "https://www.youtube.com/@transferegov",
    order: 1,
    audience: "TODOS",
    category: "transferegov",
    published: true,
  },
  {
    title: "Consultar o CAUC e regularizar um item a comprovar",
    summary: "Onde ver a situação do município no CAUC, o que significa cada item e como anexar o comprovante no SOL.",
    body: [
      "## Onde consultar",
      "O extrato do CAUC fica no portal do Tesouro Nacional; o arquivo semanal de municípios é publicado no Tesouro Transparente.",
      "",
      "## Item \"a comprovar\"",
      "Envie o documento ao órgão responsável (por exemplo, o SICONFI para o item 3.2) e, no SOL, abra **Regularidade**, atualize o item e anexe o comprovante em PDF.",
    ].join("\n"),
    videoUrl: null,
    order: 2,
    audience: "GESTORES",
    category: "cauc",
    published: true,
  },
  {
    title: "Prestação de contas no Transferegov: checklist do gestor",
    summary: "Relatório de execução, extratos, notas fiscais e fotos: o que reunir antes do prazo final.",
    body: [
      "## Checklist",
      "- Relatório de cumprimento do objeto;",
      "- extratos da conta específica desde a abertura;",
      "- notas fiscais atestadas e comprovantes de pagamento;",
      "- registro fotográfico da obra ou do bem adquirido.",
      "",
      "O prazo é de até 60 dias após o fim da vigência (Portaria Conjunta MGI/MF/CGU nº 33/2023).",
    ].join("\n"),
    videoUrl: null,
    order: 3,
    audience: "EQUIPE_TECNICA",
    category: "prestacao-de-contas",
    published: true,
  },
  {
    title: "Relatório de gestão das emendas (em preparação)",
    summary: "Como montar o relatório anual das transferências especiais recebidas.",
    body: "Em preparação pela equipe da consultoria.",
    videoUrl: null,
    order: 4,
    audience: "GESTORES",
    category: "prestacao-de-contas",
    published: false,
  },
];

async function categoryId(db: Db, scope: CategoryScope, slug: string): Promise<number> {
  const [row] = await db.select({ id: categories.id }).from(categories).where(and(eq(categories.scope, scope), eq(categories.slug, slug)));
  if (!row) throw new Error(`Seed: no ${scope} category ${slug}`);
  return row.id;
}

export async function seedLibrary(db: Db): Promise<void> {
  const models = [];
  for (const { category, build: _build, ...model } of SEED_MODELS) models.push({ ...model, categoryId: await categoryId(db, "model", category) });
  await db.insert(documentModels).values(models);
  const rows = [];
  for (const { category, ...tutorial } of SEED_TUTORIALS) rows.push({ ...tutorial, categoryId: await categoryId(db, "tutorial", category) });
  await db.insert(tutorials).values(rows);
}
