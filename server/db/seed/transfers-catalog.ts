/**
 * Transferegov-shaped vocabulary for demo and scale data: parliamentarian-style names, real federal
 * grantors with their SIAFI codes, programs and objects. Shared by the demo seed (JS rows) and the
 * scale seed (SQL arrays), so both look alike.
 */

const FIRST = [
  "ANA", "ANTONIO", "BEATRIZ", "CARLOS", "CELSO", "DANIELA", "EDUARDO", "FERNANDA", "GERALDO", "HELENA",
  "IVAN", "JOAQUIM", "JULIANA", "LUIZ", "MARCIA", "MARCOS", "NELSON", "PATRICIA", "RAIMUNDO", "RENATA",
  "ROBERTO", "SIMONE", "TARCISIO", "VALMIR", "ZELIA", "ARLINDO", "BENEDITA", "CICERO", "DORIVAL", "ELIANE",
];
const LAST = [
  "ALMEIDA", "BARBOSA", "CARVALHO", "DUARTE", "FERREIRA", "GOMES", "LACERDA", "MACHADO", "MENDONÇA", "NASCIMENTO",
  "OLIVEIRA", "PEIXOTO", "QUEIROZ", "RIBEIRO", "SAMPAIO", "TEIXEIRA", "VASCONCELOS", "XAVIER", "ZANETTI", "ARAÚJO",
];

/** 60 deterministic parliamentarian names (nome_parlamentar_emenda_plano_acao is upper case) and 4-digit codes. */
export const PARLIAMENTARIANS: { name: string; code: number }[] = Array.from({ length: 60 }, (_, i) => ({
  name: `${FIRST[(i * 7) % FIRST.length]} ${LAST[(i * 11 + 3) % LAST.length]}`,
  code: 1000 + ((i * 379) % 8000),
}));

export interface Grantor {
  acronym: string;
  name: string;
  /** SIAFI órgão code (COD_ORGAO_SUP). */
  siafi: string;
  programs: { name: string; objects: string[] }[];
}

export const GRANTORS: Grantor[] = [
  {
    acronym: "MS",
    name: "MINISTÉRIO DA SAÚDE",
    siafi: "36000",
    programs: [
      { name: "Estruturação da Rede de Serviços de Atenção Primária à Saúde", objects: ["Construção de Unidade Básica de Saúde", "Aquisição de equipamentos para UBS", "Reforma de Unidade Básica de Saúde"] },
      { name: "Atenção Especializada à Saúde", objects: ["Aquisição de ambulância tipo A", "Equipamentos para policlínica municipal"] },
    ],
  },
  {
    acronym: "MCID",
    name: "MINISTÉRIO DAS CIDADES",
    siafi: "56000",
    programs: [
      { name: "Mobilidade Urbana", objects: ["Pavimentação e drenagem de vias urbanas", "Requalificação de calçadas e acessibilidade", "Implantação de ciclovia"] },
      { name: "Saneamento Básico", objects: ["Ampliação do sistema de esgotamento sanitário", "Obras de drenagem urbana"] },
    ],
  },
  {
    acronym: "MEC",
    name: "MINISTÉRIO DA EDUCAÇÃO",
    siafi: "26000",
    programs: [
      { name: "Educação Básica de Qualidade", objects: ["Construção de creche Proinfância", "Aquisição de ônibus escolar", "Cobertura de quadra poliesportiva escolar"] },
    ],
  },
  {
    acronym: "MESP",
    name: "MINISTÉRIO DO ESPORTE",
    siafi: "51000",
    programs: [{ name: "Esporte Amador, Educacional e de Participação", objects: ["Construção de campo de futebol society", "Modernização de ginásio municipal"] }],
  },
  {
    acronym: "MAPA",
    name: "MINISTÉRIO DA AGRICULTURA E PECUÁRIA",
    siafi: "22000",
    programs: [{ name: "Agropecuária Sustentável", objects: ["Aquisição de patrulha mecanizada", "Recuperação de estradas vicinais"] }],
  },
  {
    acronym: "MIDR",
    name: "MINISTÉRIO DA INTEGRAÇÃO E DO DESENVOLVIMENTO REGIONAL",
    siafi: "53000",
    programs: [{ name: "Gestão de Riscos e de Desastres", objects: ["Contenção de encostas", "Recuperação de ponte após chuvas"] }],
  },
  {
    acronym: "MTUR",
    name: "MINISTÉRIO DO TURISMO",
    siafi: "54000",
    programs: [{ name: "Turismo, Esse é o Destino", objects: ["Revitalização da orla e praça central", "Sinalização turística"] }],
  },
  {
    acronym: "MDS",
    name: "MINISTÉRIO DO DESENVOLVIMENTO E ASSISTÊNCIA SOCIAL",
    siafi: "55000",
    programs: [{ name: "Proteção Social no Âmbito do SUAS", objects: ["Construção de CRAS", "Equipamentos para Centro-Dia"] }],
  },
];

/** Emendas PIX (especiais): the program is "Transferências Especiais", the object is free. */
export const SPECIAL_PROGRAM = { code: "0903", name: "TRANSFERÊNCIAS ESPECIAIS", acronym: "MF", grantor: "MINISTÉRIO DA FAZENDA" };

export const SPECIAL_OBJECTS = [
  "Pavimentação asfáltica de vias do bairro",
  "Aquisição de veículos para a saúde",
  "Custeio da atenção primária à saúde",
  "Reforma de escolas municipais",
  "Construção de praça e academia ao ar livre",
  "Aquisição de máquinas para a secretaria de obras",
  "Custeio de ações de assistência social",
  "Iluminação pública em LED",
  "Reforma do mercado municipal",
  "Drenagem e recapeamento de avenidas",
];

export const POLICY_AREAS = ["10 - Saúde", "12 - Educação", "15 - Urbanismo", "08 - Assistência Social", "27 - Desporto e Lazer", "26 - Transporte"];

/** Fundo a fundo: the national funds that transfer to municipal funds. */
export const FUNDS = [
  { acronym: "FNS", grantor: "FUNDO NACIONAL DE SAÚDE", program: "Incremento Temporário ao Custeio dos Serviços de Atenção Primária", receiving: "FUNDO MUNICIPAL DE SAÚDE", org: "257001" },
  { acronym: "FNAS", grantor: "FUNDO NACIONAL DE ASSISTÊNCIA SOCIAL", program: "Estruturação da Rede do SUAS", receiving: "FUNDO MUNICIPAL DE ASSISTÊNCIA SOCIAL", org: "330013" },
  { acronym: "FNSP", grantor: "FUNDO NACIONAL DE SEGURANÇA PÚBLICA", program: "Fortalecimento das Guardas Municipais", receiving: "FUNDO MUNICIPAL DE SEGURANÇA PÚBLICA", org: "308821" },
  { acronym: "FUNAD", grantor: "FUNDO NACIONAL ANTIDROGAS", program: "Prevenção ao Uso de Drogas", receiving: "FUNDO MUNICIPAL ANTIDROGAS", org: "200339" },
];

export const SUPPLIERS = [
  "CONSTRUTORA VALE DO PARAÍBA LTDA",
  "PAVIMENTADORA ALIANÇA LTDA",
  "MEDICAL CENTER EQUIPAMENTOS HOSPITALARES LTDA",
  "ENGEOBRAS ENGENHARIA E CONSTRUÇÕES LTDA",
  "AUTO ÔNIBUS BRASIL VEÍCULOS LTDA",
  "ILUMINAR SOLUÇÕES EM LED LTDA",
  "AGRIMAQ MÁQUINAS AGRÍCOLAS LTDA",
  "ESPORTE TOTAL CONSTRUÇÕES LTDA",
];

export const BANKS = [
  { code: "001", name: "BANCO DO BRASIL S.A." },
  { code: "104", name: "CAIXA ECONÔMICA FEDERAL" },
];

/** CNPJ check digits (mod 11 over weights 5..2,9..2 and 6..2,9..2). */
export function cnpjWithCheckDigits(twelve: string): string {
  const digit = (base: string) => {
    const weights = base.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const sum = [...base].reduce((acc, ch, i) => acc + (ch.charCodeAt(0) - 48) * weights[i], 0);
    const r = sum % 11;
    return r < 2 ? 0 : 11 - r;
  };
  const first = digit(twelve);
  return `${twelve}${first}${digit(`${twelve}${first}`)}`;
}

/**
 * A supplier's CNPJ, derived from its name: one company has one CNPJ in every municipality and on every
 * payment, so the reports group a supplier's payments into one payee.
 */
export const supplierCnpj = (name: string) => cnpjWithCheckDigits(String([...name].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 1e8, 7)).padStart(8, "0") + "0001");

/** A small seeded PRNG (mulberry32): the same seed gives the same demo data on every machine. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
    chance: (p: number) => next() < p,
  };
}
export type Prng = ReturnType<typeof prng>;
