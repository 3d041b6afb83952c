import { describe, expect, it } from "vitest";
import {
  DEFAULT_PARAMETRIZATION,
  DEFAULT_TRANSPARENCY,
  companyCreateSchema,
  companyUpdateSchema,
  municipalityOf,
  parametrizationOf,
  slugify,
  transparencyOf,
} from "@/domain/companies";

describe("company schemas", () => {
  it("turns a municipality name into the public address", () => {
    expect(slugify("São José dos Campos")).toBe("sao-jose-dos-campos");
    expect(slugify("  Embu das Artes!! ")).toBe("embu-das-artes");
    expect(slugify("Santa Bárbara d'Oeste")).toBe("santa-barbara-d-oeste");
  });

  it("knows the IBGE municipalities (name and UF by code)", () => {
    expect(municipalityOf("3549904")).toEqual({ name: "São José dos Campos", uf: "SP" });
    expect(municipalityOf("9999999")).toBeNull();
  });

  it("accepts a new company with only CNPJ, name and municipality, empty optional fields becoming null", () => {
    const parsed = companyCreateSchema.parse({ cnpj: "11.222.333/0001-81", name: " Santos ", ibgeCode: "3548500", email: "", phone: "" });
    expect(parsed).toMatchObject({ cnpj: "11222333000181", name: "Santos", email: null, phone: null });
  });

  it("refuses unknown fields and names each bad field in pt-BR", () => {
    const result = companyCreateSchema.safeParse({ cnpj: "1", name: "", ibgeCode: "123", slug: "Com Espaço", extra: 1 });
    expect(result.success).toBe(false);
    const fields = Object.fromEntries(result.error!.issues.map((i) => [i.path.join(".") || "_", i.message]));
    expect(fields).toMatchObject({ name: "Informe o nome do cliente.", ibgeCode: "Selecione o município." });
    expect(fields.cnpj).toMatch(/CNPJ inválido/);
    expect(fields.slug).toMatch(/letras minúsculas/);
  });

  it("replaces the settings objects whole: a partial parametrization is refused", () => {
    expect(companyUpdateSchema.safeParse({ parametrization: { validityAlertDays: 30 } }).success).toBe(false);
    expect(companyUpdateSchema.safeParse({ parametrization: DEFAULT_PARAMETRIZATION }).success).toBe(true);
  });

  it("completes stored settings with the defaults and ignores malformed ones", () => {
    expect(parametrizationOf({})).toEqual(DEFAULT_PARAMETRIZATION);
    expect(parametrizationOf({ validityAlertDays: 90 })).toEqual({ ...DEFAULT_PARAMETRIZATION, validityAlertDays: 90 });
    expect(parametrizationOf({ validityAlertDays: "muitos" })).toEqual(DEFAULT_PARAMETRIZATION);
    expect(transparencyOf(null)).toEqual(DEFAULT_TRANSPARENCY);
  });
});
