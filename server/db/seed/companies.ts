import type { Db } from "../client";
import { companies, users } from "../schema";

/**
 * More municipalities served by the consultancy (real names, CNPJs and IBGE codes; no accounts
 * yet), so the companies list has pages, filters and search to work with.
 */
const MORE_COMPANIES = [
  { cnpj: "46395000000139", name: "São Paulo", slug: "sao-paulo", ibgeCode: "3550308", uf: "SP", mayorName: "Ricardo Nunes" },
  { cnpj: "42498733000148", name: "Rio de Janeiro", slug: "rio-de-janeiro", ibgeCode: "3304557", uf: "RJ", mayorName: "Eduardo Paes" },
  { cnpj: "76417005000186", name: "Curitiba", slug: "curitiba", ibgeCode: "4106902", uf: "PR", mayorName: "Eduardo Pimentel" },
  { cnpj: "92963560000160", name: "Porto Alegre", slug: "porto-alegre", ibgeCode: "4314902", uf: "RS", mayorName: "Sebastião Melo" },
  { cnpj: "13927801000149", name: "Salvador", slug: "salvador", ibgeCode: "2927408", uf: "BA", mayorName: "Bruno Reis" },
  { cnpj: "10565000000192", name: "Recife", slug: "recife", ibgeCode: "2611606", uf: "PE", mayorName: "João Campos" },
  { cnpj: "07954605000160", name: "Fortaleza", slug: "fortaleza", ibgeCode: "2304400", uf: "CE", mayorName: "Evandro Leitão" },
];

/** Staff registered but not invited yet (no identity): the users lists show them as pending. */
const PENDING_USERS = [
  { company: 0, name: "Rafael Tavares", email: "rafael.tavares@demo.local", role: "USER" as const },
  { company: 1, name: "Patrícia Lima", email: "patricia.lima@demo.local", role: "MANAGER" as const },
  { company: 2, name: "João Pereira", email: "joao.pereira@demo.local", role: "MANAGER" as const },
];

export async function seedCompanies(db: Db, companyIds: number[]): Promise<void> {
  await db.insert(companies).values(MORE_COMPANIES.map((c) => ({ ...c, legalName: `Município de ${c.name}`, publicPortalEnabled: false })));
  await db.insert(users).values(PENDING_USERS.map(({ company, ...u }) => ({ ...u, companyId: companyIds[company] })));
}
