import { formatCnpj } from "@brazilian-utils/brazilian-utils";
import type { Answerer } from "../types";
import { bulletList } from "../text";

/** The company's registration data: name, CNPJ, state, mayor, contacts and the public portal. */
export const companyAnswerer: Answerer = {
  id: "company",
  example: "Quais são os dados da prefeitura (CNPJ, prefeito, contatos)?",
  suggest: () => ["Quais são os dados da prefeitura (CNPJ, prefeito, contatos)?"],
  match: (q) => (q.cues.has("company") ? 6 : q.lemmas.includes("prefeitura") && q.lemmas.some((w) => ["dado", "cadastro", "informacao"].includes(w)) ? 6 : 0),
  async answer({ company }) {
    const details = [
      `CNPJ: ${formatCnpj(company.cnpj)}`,
      company.legalName ? `Razão social: ${company.legalName}` : null,
      company.mayorName ? `Prefeito(a): ${company.mayorName}` : null,
      company.ibgeCode ? `Código IBGE: ${company.ibgeCode}` : null,
      company.email ? `E-mail: ${company.email}` : null,
      company.phone ? `Telefone: ${company.phone}` : null,
      company.publicPortalEnabled ? `Portal da transparência: /transparency/${company.slug}` : "Portal da transparência: desativado",
    ];
    const title = `**Prefeitura de ${company.name}${company.uf ? ` (${company.uf})` : ""}**`;
    return {
      text: `${title}\n\n${bulletList(details.filter((line): line is string => Boolean(line)))}`,
      source: "cadastro do cliente",
      followUps: ["Quais transferências estão ativas?", "Quanto o município já recebeu este ano?"],
    };
  },
};
