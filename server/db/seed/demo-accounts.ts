import type { Role } from "../../../src/domain/auth";

export const DEMO_PASSWORD = "demo1234";

/** Stable identity ids for the demo accounts, so the database and the emulator always agree. */
export const demoUid = (email: string) => `demo-${email.split("@")[0]}`;

/**
 * Where the seed writes its demo files: the file store's two calls it needs (server/storage's FileStore
 * fits), named here so the seed stays below the storage layer.
 */
export interface DemoFileStore {
  create(storagePath: string, data: Buffer): Promise<boolean>;
  exists(storagePath: string): Promise<boolean>;
}

export interface DemoCompany {
  cnpj: string;
  name: string;
  legalName: string;
  slug: string;
  ibgeCode: string;
  uf: string;
  mayorName: string;
  email: string;
  phone: string;
}

/** Real municipalities with their real CNPJs (Receita Federal) and IBGE codes. */
export const DEMO_COMPANIES: DemoCompany[] = [
  {
    cnpj: "46643466000106",
    name: "São José dos Campos",
    legalName: "Município de São José dos Campos",
    slug: "sao-jose-dos-campos",
    ibgeCode: "3549904",
    uf: "SP",
    mayorName: "Anderson Farias Ferreira",
    email: "gabinete@sjc.sp.gov.br",
    phone: "(12) 3947-8000",
  },
  {
    cnpj: "51885242000140",
    name: "Campinas",
    legalName: "Município de Campinas",
    slug: "campinas",
    ibgeCode: "3509502",
    uf: "SP",
    mayorName: "Dário Jorge Giolo Saadi",
    email: "gabinete@campinas.sp.gov.br",
    phone: "(19) 2116-0555",
  },
  {
    cnpj: "18715383000140",
    name: "Belo Horizonte",
    legalName: "Município de Belo Horizonte",
    slug: "belo-horizonte",
    ibgeCode: "3106200",
    uf: "MG",
    mayorName: "Álvaro Damião",
    email: "gabinete@pbh.gov.br",
    phone: "(31) 3277-4000",
  },
];

export interface DemoAccount {
  email: string;
  name: string;
  role: Role;
  /** Index into DEMO_COMPANIES; null for consultancy staff. */
  company: number | null;
  acceptTerms: boolean;
}

/** The accounts the README lists; all use DEMO_PASSWORD. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  { email: "admin@demo.local", name: "Ana Administradora", role: "ADMIN", company: null, acceptTerms: true },
  { email: "gestor@demo.local", name: "Gustavo Gestor", role: "MANAGER", company: 0, acceptTerms: true },
  { email: "usuario@demo.local", name: "Úrsula Usuária", role: "USER", company: 0, acceptTerms: true },
  { email: "usuario2@demo.local", name: "Ulisses Usuário", role: "USER", company: 1, acceptTerms: true },
  { email: "novo@demo.local", name: "Nara Nova", role: "USER", company: 0, acceptTerms: false },
  { email: "camara@demo.local", name: "Carla da Câmara", role: "CAMARA", company: 0, acceptTerms: true },
];
