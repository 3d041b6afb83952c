import type { Db } from "../client";
import { blogPosts, categories, legislations, usefulLinks } from "../schema";
import type { CategoryScope, LegislationKind } from "../../../src/domain/content";

/**
 * The consultancy's library on a first start: the real federal norms transfers live by (with their
 * ementas and official addresses), the real public portals a municipality uses, and a few posts.
 */

type SeedCategory = { scope: CategoryScope; name: string; slug: string; color: string; order: number };
const CATEGORIES: SeedCategory[] = [
  { scope: "legislation", name: "Constituição e emendas", slug: "constituicao", color: "#722ed1", order: 1 },
  { scope: "legislation", name: "Finanças públicas", slug: "financas-publicas", color: "#1677ff", order: 2 },
  { scope: "legislation", name: "Transferências e convênios", slug: "transferencias", color: "#13c2c2", order: 3 },
  { scope: "legislation", name: "Transparência", slug: "transparencia", color: "#52c41a", order: 4 },
  { scope: "legislation", name: "Licitações e contratos", slug: "licitacoes", color: "#fa8c16", order: 5 },
  { scope: "link", name: "Sistemas federais", slug: "sistemas-federais", color: "#1677ff", order: 1 },
  { scope: "link", name: "Transparência e controle", slug: "transparencia-controle", color: "#52c41a", order: 2 },
  { scope: "blog", name: "Emendas parlamentares", slug: "emendas", color: "#eb2f96", order: 1 },
  { scope: "blog", name: "Regularidade fiscal", slug: "regularidade", color: "#fa8c16", order: 2 },
  { scope: "model", name: "Ofícios", slug: "oficios", color: "#1677ff", order: 1 },
  { scope: "model", name: "Declarações", slug: "declaracoes", color: "#722ed1", order: 2 },
  { scope: "model", name: "Planilhas", slug: "planilhas", color: "#52c41a", order: 3 },
  { scope: "tutorial", name: "Transferegov", slug: "transferegov", color: "#13c2c2", order: 1 },
  { scope: "tutorial", name: "CAUC e regularidade", slug: "cauc", color: "#fa8c16", order: 2 },
  { scope: "tutorial", name: "Prestação de contas", slug: "prestacao-de-contas", color: "#722ed1", order: 3 },
];

const P = "https://www.planalto.gov.br/ccivil_03";
type SeedNorm = {
  kind: LegislationKind;
  number: string;
  year: number;
  date: string;
  title: string;
  issuer: string;
  summary: string;
  officialUrl: string;
  category: string;
  tags: string[];
};
export const SEED_NORMS: SeedNorm[] = [
  {
    kind: "CF", number: "art. 166-A", year: 1988, date: "1988-10-05", title: "Constituição Federal, art. 166-A (transferências especiais e com finalidade definida)",
    issuer: "Assembleia Nacional Constituinte",
    summary: "As emendas individuais ao projeto de lei orçamentária anual poderão alocar recursos a Estados, ao Distrito Federal e a Municípios por meio de transferência especial ou de transferência com finalidade definida (artigo incluído pela Emenda Constitucional nº 105, de 2019).",
    officialUrl: `${P}/constituicao/constituicao.htm`, category: "constituicao", tags: ["emendas", "transferência especial"],
  },
  {
    kind: "EC", number: "105", year: 2019, date: "2019-12-12", title: "Emenda Constitucional nº 105, de 12 de dezembro de 2019", issuer: "Congresso Nacional",
    summary: "Acrescenta o art. 166-A à Constituição Federal, para autorizar a transferência de recursos federais a Estados, ao Distrito Federal e a Municípios mediante emendas ao projeto de lei do orçamento anual.",
    officialUrl: `${P}/constituicao/emendas/emc/emc105.htm`, category: "constituicao", tags: ["emendas", "emenda PIX"],
  },
  {
    kind: "EC", number: "86", year: 2015, date: "2015-03-17", title: "Emenda Constitucional nº 86, de 17 de março de 2015", issuer: "Congresso Nacional",
    summary: "Altera os arts. 165, 166 e 198 da Constituição Federal, para tornar obrigatória a execução da programação orçamentária que especifica.",
    officialUrl: `${P}/constituicao/emendas/emc/emc86.htm`, category: "constituicao", tags: ["emendas impositivas"],
  },
  {
    kind: "EC", number: "100", year: 2019, date: "2019-06-26", title: "Emenda Constitucional nº 100, de 26 de junho de 2019", issuer: "Congresso Nacional",
    summary: "Altera os arts. 165 e 166 da Constituição Federal para tornar obrigatória a execução da programação orçamentária proveniente de emendas de bancada de parlamentares de Estado ou do Distrito Federal.",
    officialUrl: `${P}/constituicao/emendas/emc/emc100.htm`, category: "constituicao", tags: ["emendas de bancada"],
  },
  {
    kind: "LC", number: "101", year: 2000, date: "2000-05-04", title: "Lei Complementar nº 101, de 4 de maio de 2000 (Lei de Responsabilidade Fiscal)", issuer: "Presidência da República",
    summary: "Estabelece normas de finanças públicas voltadas para a responsabilidade na gestão fiscal e dá outras providências.",
    officialUrl: `${P}/leis/lcp/lcp101.htm`, category: "financas-publicas", tags: ["LRF", "transferência voluntária"],
  },
  {
    kind: "LC", number: "131", year: 2009, date: "2009-05-27", title: "Lei Complementar nº 131, de 27 de maio de 2009 (Lei da Transparência)", issuer: "Presidência da República",
    summary: "Acrescenta dispositivos à Lei Complementar nº 101, de 4 de maio de 2000, que estabelece normas de finanças públicas voltadas para a responsabilidade na gestão fiscal e dá outras providências, a fim de determinar a disponibilização, em tempo real, de informações pormenorizadas sobre a execução orçamentária e financeira da União, dos Estados, do Distrito Federal e dos Municípios.",
    officialUrl: `${P}/leis/lcp/lcp131.htm`, category: "transparencia", tags: ["transparência", "tempo real"],
  },
  {
    kind: "LC", number: "141", year: 2012, date: "2012-01-13", title: "Lei Complementar nº 141, de 13 de janeiro de 2012", issuer: "Presidência da República",
    summary: "Regulamenta o § 3º do art. 198 da Constituição Federal para dispor sobre os valores mínimos a serem aplicados anualmente pela União, Estados, Distrito Federal e Municípios em ações e serviços públicos de saúde; estabelece os critérios de rateio dos recursos de transferências para a saúde e as normas de fiscalização, avaliação e controle das despesas com saúde nas 3 (três) esferas de governo; e dá outras providências.",
    officialUrl: `${P}/leis/lcp/lcp141.htm`, category: "financas-publicas", tags: ["saúde", "fundo a fundo"],
  },
  {
    kind: "LC", number: "210", year: 2024, date: "2024-11-25", title: "Lei Complementar nº 210, de 25 de novembro de 2024", issuer: "Presidência da República",
    summary: "Dispõe sobre a proposição e a execução de emendas parlamentares na lei orçamentária anual; e dá outras providências.",
    officialUrl: `${P}/leis/lcp/lcp210.htm`, category: "transferencias", tags: ["emendas", "emenda PIX", "plano de trabalho"],
  },
  {
    kind: "LEI", number: "4.320", year: 1964, date: "1964-03-17", title: "Lei nº 4.320, de 17 de março de 1964", issuer: "Presidência da República",
    summary: "Estatui Normas Gerais de Direito Financeiro para elaboração e contrôle dos orçamentos e balanços da União, dos Estados, dos Municípios e do Distrito Federal.",
    officialUrl: `${P}/leis/l4320.htm`, category: "financas-publicas", tags: ["orçamento", "empenho"],
  },
  {
    kind: "LEI", number: "9.452", year: 1997, date: "1997-03-20", title: "Lei nº 9.452, de 20 de março de 1997", issuer: "Presidência da República",
    summary: "Determina que as Câmaras Municipais sejam obrigatoriamente notificadas da liberação de recursos federais para os respectivos Municípios e dá outras providências.",
    officialUrl: `${P}/leis/l9452.htm`, category: "transferencias", tags: ["câmara municipal", "notificação"],
  },
  {
    kind: "LEI", number: "12.527", year: 2011, date: "2011-11-18", title: "Lei nº 12.527, de 18 de novembro de 2011 (Lei de Acesso à Informação)", issuer: "Presidência da República",
    summary: "Regula o acesso a informações previsto no inciso XXXIII do art. 5º, no inciso II do § 3º do art. 37 e no § 2º do art. 216 da Constituição Federal; altera a Lei nº 8.112, de 11 de dezembro de 1990; revoga a Lei nº 11.111, de 5 de maio de 2005, e dispositivos da Lei nº 8.159, de 8 de janeiro de 1991; e dá outras providências.",
    officialUrl: `${P}/_ato2011-2014/2011/lei/l12527.htm`, category: "transparencia", tags: ["LAI", "transparência"],
  },
  {
    kind: "LEI", number: "14.133", year: 2021, date: "2021-04-01", title: "Lei nº 14.133, de 1º de abril de 2021 (Lei de Licitações e Contratos Administrativos)", issuer: "Presidência da República",
    summary: "Lei de Licitações e Contratos Administrativos.",
    officialUrl: `${P}/_ato2019-2022/2021/lei/l14133.htm`, category: "licitacoes", tags: ["licitação", "contratos"],
  },
  {
    kind: "DECRETO", number: "10.540", year: 2020, date: "2020-11-05", title: "Decreto nº 10.540, de 5 de novembro de 2020", issuer: "Presidência da República",
    summary: "Dispõe sobre o padrão mínimo de qualidade do Sistema Único e Integrado de Execução Orçamentária, Administração Financeira e Controle.",
    officialUrl: `${P}/_ato2019-2022/2020/decreto/D10540.htm`, category: "transparencia", tags: ["SIAFIC", "transparência"],
  },
  {
    kind: "DECRETO", number: "11.531", year: 2023, date: "2023-05-16", title: "Decreto nº 11.531, de 16 de maio de 2023", issuer: "Presidência da República",
    summary: "Dispõe sobre convênios e contratos de repasse relativos às transferências de recursos da União, e sobre parcerias sem transferências de recursos, por meio da celebração de acordos de cooperação técnica ou de acordos de adesão.",
    officialUrl: `${P}/_ato2023-2026/2023/decreto/D11531.htm`, category: "transferencias", tags: ["convênios", "contratos de repasse"],
  },
  {
    kind: "PORTARIA_CONJUNTA", number: "33", year: 2023, date: "2023-08-30", title: "Portaria Conjunta MGI/MF/CGU nº 33, de 30 de agosto de 2023", issuer: "MGI / MF / CGU",
    summary: "Estabelece normas para execução do disposto no Decreto nº 11.531, de 16 de maio de 2023, que dispõe sobre convênios e contratos de repasse relativos às transferências de recursos da União, e sobre parcerias sem transferências de recursos, por meio da celebração de acordos de cooperação técnica ou de acordos de adesão.",
    officialUrl: "https://www.gov.br/transferegov/pt-br/legislacao", category: "transferencias", tags: ["convênios", "requisitos fiscais"],
  },
  {
    kind: "IN", number: "8", year: 2025, date: "2025-01-29", title: "Instrução Normativa STN/MF nº 8, de 29 de janeiro de 2025", issuer: "Secretaria do Tesouro Nacional",
    summary: "Disciplina a captação de dados em cadastros de adimplência ou sistemas de informações financeiras, contábeis e fiscais geridos pelos órgãos e entidades da União e o fornecimento de informações acerca do cumprimento de requisitos fiscais por estados, Distrito Federal e municípios, seus órgãos e entidades, consórcios públicos e organizações da sociedade civil pelo Sistema de Informações sobre Requisitos Fiscais (Cauc).",
    officialUrl: "https://www.in.gov.br/consulta/-/buscar/dou?q=%22Instru%C3%A7%C3%A3o+Normativa+STN%22+%228%2C+de+29+de+janeiro+de+2025%22", category: "financas-publicas", tags: ["CAUC", "regularidade"],
  },
];

type SeedLink = { title: string; url: string; description: string; category: string; order: number };
export const SEED_LINKS: SeedLink[] = [
  { title: "Transferegov.br", url: "https://www.gov.br/transferegov/pt-br", description: "Plataforma federal de transferências: convênios, contratos de repasse, transferências especiais e fundo a fundo.", category: "sistemas-federais", order: 1 },
  { title: "CAUC — Serviço Auxiliar de Informações para Transferências Voluntárias", url: "https://www.tesourotransparente.gov.br/temas/estados-e-municipios/transferencias-a-estados-e-municipios", description: "Extrato de requisitos fiscais do Tesouro Nacional exigido antes de cada transferência voluntária.", category: "sistemas-federais", order: 2 },
  { title: "SICONFI", url: "https://siconfi.tesouro.gov.br/", description: "Sistema de Informações Contábeis e Fiscais do Setor Público Brasileiro: RREO, RGF, DCA e MSC.", category: "sistemas-federais", order: 3 },
  { title: "Portal da Transparência", url: "https://portaldatransparencia.gov.br/", description: "Despesas, transferências e convênios do Governo Federal, por município e por favorecido.", category: "transparencia-controle", order: 4 },
  { title: "Tesouro Transparente", url: "https://www.tesourotransparente.gov.br/", description: "Dados e publicações do Tesouro Nacional sobre as contas públicas e as transferências a estados e municípios.", category: "transparencia-controle", order: 5 },
  { title: "Painel de Emendas Parlamentares", url: "https://www.portaldatransparencia.gov.br/emendas", description: "Consulta das emendas parlamentares por autor, localidade, função e situação de execução.", category: "transparencia-controle", order: 6 },
  { title: "Radar da Transparência Pública (PNTP)", url: "https://radardatransparencia.atricon.org.br/", description: "Programa Nacional de Transparência Pública: avaliação dos portais de transparência pelos tribunais de contas.", category: "transparencia-controle", order: 7 },
  { title: "Tribunal de Contas da União (TCU)", url: "https://portal.tcu.gov.br/", description: "Acórdãos, orientações e cartilhas sobre a aplicação de recursos federais.", category: "transparencia-controle", order: 8 },
  { title: "Controladoria-Geral da União (CGU)", url: "https://www.gov.br/cgu/pt-br", description: "Auditorias, orientações e o programa de fiscalização de entes federativos.", category: "transparencia-controle", order: 9 },
  { title: "Fundo Nacional de Saúde (InvestSUS)", url: "https://portalfns.saude.gov.br/", description: "Repasses fundo a fundo da saúde, propostas e pagamentos ao município.", category: "sistemas-federais", order: 10 },
  { title: "FNDE — Liberações", url: "https://www.gov.br/fnde/pt-br", description: "Repasses da educação (PDDE, PNAE, PNATE) e o acompanhamento no SIMEC.", category: "sistemas-federais", order: 11 },
  { title: "Diário Oficial da União", url: "https://www.in.gov.br/", description: "Publicações oficiais: portarias, instruções normativas e extratos de convênios.", category: "transparencia-controle", order: 12 },
];

type SeedPost = { title: string; slug: string; excerpt: string; body: string; category: string; tags: string[]; status: "RASCUNHO" | "PUBLICADO"; publishedAt: string | null };
export const SEED_POSTS: SeedPost[] = [
  {
    title: "LC 210/2024: o prazo para informar o uso das emendas PIX",
    slug: "lc-210-2024-prazo-emendas-pix",
    excerpt: "A Lei Complementar 210 exige plano de trabalho e informação sobre a aplicação das transferências especiais. Veja o que muda para o município.",
    body: [
      "## O que mudou",
      "",
      "A **Lei Complementar nº 210, de 25 de novembro de 2024**, passou a disciplinar a proposição e a execução das emendas parlamentares. Para as transferências especiais (as chamadas *emendas PIX*), o município precisa indicar no Transferegov.br o **plano de trabalho**, com o objeto e o valor, antes de executar o recurso.",
      "",
      "## O que fazer agora",
      "",
      "1. Conferir no Transferegov.br as transferências especiais recebidas no exercício.",
      "2. Cadastrar o plano de trabalho de cada uma, ligado à função e subfunção da despesa.",
      "3. Comunicar a Câmara Municipal da liberação dos recursos (Lei nº 9.452/1997), em até 2 dias úteis.",
      "",
      "> Sem o plano de trabalho, novas transferências ao município podem ficar suspensas.",
      "",
      "Consulte a norma completa em [planalto.gov.br](https://www.planalto.gov.br/ccivil_03/leis/lcp/lcp210.htm).",
    ].join("\n"),
    category: "emendas", tags: ["LC 210", "emenda PIX"], status: "PUBLICADO", publishedAt: "2025-02-10T13:00:00Z",
  },
  {
    title: "CAUC: os sete novos itens da IN STN/MF 8/2025",
    slug: "cauc-novos-itens-in-stn-8-2025",
    excerpt: "Desde 17 de fevereiro de 2025 o extrato do CAUC traz sete itens a mais. Nenhum é exigência nova, mas todos passam a bloquear a assinatura de convênios.",
    body: [
      "## Os novos itens do extrato",
      "",
      "A Instrução Normativa STN/MF nº 8/2025 substituiu a IN nº 3/2021 e acrescentou ao CAUC itens que já estavam no art. 29 da Portaria Conjunta MGI/MF/CGU nº 33/2023:",
      "",
      "- regularidade no pagamento de precatórios judiciais;",
      "- transparência da execução orçamentária e financeira em meio eletrônico de acesso público;",
      "- adoção de sistema integrado de administração financeira e controle (Decreto nº 10.540/2020);",
      "- aplicação mínima de recursos do Fundeb e da complementação da União.",
      "",
      "## Como se preparar",
      "",
      "Consulte o extrato toda semana e trate cada pendência antes da data de assinatura prevista. A equipe da consultoria acompanha o extrato de cada município.",
    ].join("\n"),
    category: "regularidade", tags: ["CAUC", "regularidade"], status: "PUBLICADO", publishedAt: "2025-02-20T12:00:00Z",
  },
  {
    title: "Emendas PIX na prestação de contas: o que o TCU tem cobrado",
    slug: "emendas-pix-prestacao-de-contas-tcu",
    excerpt: "Rastreabilidade, conta específica e transparência ativa: os pontos que os órgãos de controle têm verificado nas transferências especiais.",
    body: [
      "## Rastreabilidade",
      "",
      "Os recursos de transferência especial devem permanecer em conta específica, identificada, até o pagamento ao fornecedor.",
      "",
      "## Transparência ativa",
      "",
      "O portal do município deve mostrar cada emenda recebida, o objeto e os pagamentos realizados (LC 131/2009 e Lei nº 12.527/2011).",
    ].join("\n"),
    category: "emendas", tags: ["emenda PIX", "TCU"], status: "PUBLICADO", publishedAt: "2025-03-18T14:30:00Z",
  },
  {
    title: "Rascunho: calendário de obrigações do 2º semestre",
    slug: "calendario-obrigacoes-segundo-semestre",
    excerpt: "Prazos de RREO, RGF, SIOPS e SIOPE para o segundo semestre (em revisão).",
    body: "Texto em revisão pela equipe da consultoria.",
    category: "regularidade", tags: ["prazos"], status: "RASCUNHO", publishedAt: null,
  },
];

/** Seeds the library once (the content is shared: the same rows serve every municipality). */
export async function seedContent(db: Db): Promise<void> {
  const inserted = await db.insert(categories).values(CATEGORIES).returning({ id: categories.id, scope: categories.scope, slug: categories.slug });
  const categoryOf = (scope: CategoryScope, slug: string) => {
    const found = inserted.find((c) => c.scope === scope && c.slug === slug);
    if (!found) throw new Error(`Seed: no ${scope} category ${slug}`);
    return found.id;
  };
  await db.insert(legislations).values(
    SEED_NORMS.map(({ category, ...n }) => ({ ...n, sphere: "FEDERAL" as const, status: "VIGENTE" as const, categoryId: categoryOf("legislation", category) })),
  );
  await db.insert(usefulLinks).values(SEED_LINKS.map(({ category, ...l }) => ({ ...l, categoryId: categoryOf("link", category) })));
  await db.insert(blogPosts).values(
    SEED_POSTS.map(({ category, publishedAt, ...p }) => ({
      ...p,
      publishedAt: publishedAt ? new Date(publishedAt) : null,
      authorName: "Equipe SOL Consultoria",
      categoryId: categoryOf("blog", category),
    })),
  );
}
