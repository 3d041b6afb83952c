import { municipalAmendmentLabels } from "@/domain/labels/municipal-amendments";
import { describe, expect, it } from "vitest";
import { codeLabels } from "@/domain/labels/codes";
import { transferLabels } from "@/domain/labels/transfers";
import { reportFileName, reportLabels } from "@/domain/labels/reports";
import { transparency } from "@/domain/labels/transparency";
import { ptBR } from "@/locales/pt-BR";
import { riskLabels } from "@/domain/labels/risks";

/**
 * One label catalogue (src/domain/labels) for every code list of src/domain. Each list names every
 * code of its enum exactly once, and the locale the screens read says what the catalogue says: a label
 * can no longer differ between a screen, an export, a server message and the assistant.
 */

type Labels = Readonly<Record<string, string>>;

/** Every exported list of string codes in src/domain, by export name. */
const domainLists: Record<string, readonly string[]> = Object.fromEntries(
  Object.values(import.meta.glob<Record<string, unknown>>("/src/domain/*.ts", { eager: true })).flatMap((module) =>
    Object.entries(module).filter((entry): entry is [string, readonly string[]] => Array.isArray(entry[1]) && entry[1].length > 0 && entry[1].every((v) => typeof v === "string")),
  ),
);

/** Each code list: its labels in the catalogue, and the locale keys where the screens read them. */
const CATALOGUED: Record<string, { labels: Labels; locale: string[] }> = {
  // transfers
  TRANSFER_KIND_CODES: { labels: transferLabels.transferKinds, locale: [] },
  IMPOSITION_SITUATIONS: { labels: transferLabels.impositionSituations, locale: ["transfers.situations"] },
  VOLUNTARY_STATUSES: { labels: transferLabels.voluntaryStatuses, locale: ["transfers.statuses"] },
  FUND_SITUATIONS: { labels: transferLabels.fundSituations, locale: ["transfers.fundSituations"] },
  VOLUNTARY_MODALITIES: { labels: transferLabels.modalities, locale: ["transfers.modalities"] },
  CONTRACTING_SITUATIONS: { labels: transferLabels.contractingSituations, locale: ["transfers.contractingSituations"] },
  EXPENSE_CATEGORIES: { labels: transferLabels.expenseCategories, locale: ["transfers.expenseCategories"] },
  PAYMENT_KINDS: { labels: transferLabels.paymentKinds, locale: ["payments.kinds"] },
  PAYMENT_STATUSES: { labels: transferLabels.paymentStatuses, locale: ["payments.statuses"] },
  // the money trail of an emenda's account
  ACCOUNT_ENTRY_KINDS: { labels: codeLabels.accountEntryKinds, locale: ["sync.trail.kinds"] },
  MATCH_STATUSES: { labels: codeLabels.accountMatches, locale: ["sync.trail.matches"] },
  RETURN_KINDS: { labels: codeLabels.accountReturnKinds, locale: ["sync.trail.returnKinds"] },
  FUND_ANALYSIS_SUBJECTS: { labels: codeLabels.fundAnalysisSubjects, locale: ["sync.fundAnalyses.subjects"] },
  FUND_ANALYSIS_TYPES: { labels: codeLabels.fundAnalysisTypes, locale: ["sync.fundAnalyses.types"] },
  FUND_ANALYSIS_RESULTS: { labels: codeLabels.fundAnalysisResults, locale: ["sync.fundAnalyses.results"] },
  // municipal emendas
  MUNICIPAL_AMENDMENT_KINDS: { labels: municipalAmendmentLabels.kinds, locale: ["municipalAmendments.kinds"] },
  BENEFICIARY_KINDS: { labels: municipalAmendmentLabels.beneficiaryKinds, locale: ["municipalAmendments.beneficiaryKinds"] },
  PLAN_STATUSES: { labels: municipalAmendmentLabels.planStatuses, locale: ["municipalAmendments.planStatuses"] },
  MUNICIPAL_AMENDMENT_STAGES: { labels: municipalAmendmentLabels.stages, locale: ["municipalAmendments.stages"] },
  MOVEMENT_KINDS: { labels: municipalAmendmentLabels.movementKinds, locale: ["municipalAmendments.movementKinds"] },
  // captação
  PROPOSAL_STATUSES: { labels: codeLabels.proposalStatuses, locale: ["captacao.statuses", "reports.proposalStatuses"] },
  PROGRAM_SITUATIONS: { labels: codeLabels.programSituations, locale: ["captacao.situations"] },
  PROGRAM_MODALITIES: { labels: codeLabels.programModalities, locale: ["captacao.modalities"] },
  WINDOW_KINDS: { labels: codeLabels.windowKinds, locale: ["captacao.windows"] },
  GRANTOR_SPHERES: { labels: codeLabels.grantorSpheres, locale: ["captacao.grantor.spheres"] },
  GRANTOR_KINDS: { labels: codeLabels.grantorKinds, locale: ["captacao.grantor.kinds"] },
  PARLIAMENTARIAN_KINDS: { labels: codeLabels.parliamentarianKinds, locale: ["captacao.parliamentarianKinds"] },
  // projects and quotes
  PROJECT_STATUSES: { labels: codeLabels.projectStatuses, locale: ["projects.statuses"] },
  WORK_PLAN_KINDS: { labels: codeLabels.workPlanKinds, locale: ["projects.workPlan.kinds"] },
  FUNDING_KINDS: { labels: codeLabels.fundingKinds, locale: ["projects.funding.kinds"] },
  BID_MODALITIES: { labels: codeLabels.bidModalities, locale: ["projects.bids.modalities"] },
  PURCHASE_PROCESS_TYPES: { labels: codeLabels.purchaseProcessTypes, locale: ["projects.bids.processTypes"] },
  BID_STATUSES: { labels: codeLabels.bidStatuses, locale: ["projects.bids.statuses"] },
  EXECUTION_KINDS: { labels: codeLabels.executionKinds, locale: ["projects.execution.kinds"] },
  FILE_CATEGORIES: { labels: codeLabels.fileCategories, locale: ["projects.files.categories"] },
  HISTORY_ENTITIES: { labels: codeLabels.historyEntities, locale: ["projects.history.entities"] },
  HISTORY_ACTIONS: { labels: codeLabels.historyActions, locale: ["projects.history.actions"] },
  QUOTE_STATUSES: { labels: codeLabels.quoteStatuses, locale: ["quotes.statuses"] },
  QUOTE_SOURCES: { labels: codeLabels.quoteSources, locale: ["quotes.sources"] },
  // accountability, regularity, requirements, deadlines
  OBLIGATION_KINDS: { labels: codeLabels.obligationKinds, locale: ["accountability.kinds"] },
  OBLIGATION_STATUSES: { labels: codeLabels.obligationStatuses, locale: ["accountability.statuses"] },
  LC210_RECIPIENTS: { labels: codeLabels.lc210Recipients, locale: ["accountability.lc210.recipients"] },
  REGULARITY_STATUSES: { labels: codeLabels.regularityStatuses, locale: ["regularity.statuses"] },
  CAUC_GROUPS: { labels: codeLabels.caucGroups, locale: ["regularity.groups"] },
  REQUIREMENT_TYPES: { labels: codeLabels.requirementTypes, locale: ["requirements.types"] },
  RECIPIENT_KINDS: { labels: codeLabels.recipientKinds, locale: ["requirements.recipients"] },
  REQUIREMENT_STATUSES: { labels: codeLabels.requirementStatuses, locale: ["requirements.statuses"] },
  REQUIREMENT_TRANSFER_KINDS: { labels: codeLabels.requirementTransferKinds, locale: ["requirements.transferKinds"] },
  DEADLINE_KINDS: { labels: codeLabels.deadlineKinds, locale: ["deadlines.kinds"] },
  DIGEST_RUN_STATUSES: { labels: codeLabels.digestRunStatuses, locale: ["digest.statuses"] },
  // the risk queue and the impediment radar
  RISK_KINDS: { labels: riskLabels.kinds, locale: ["risks.kinds"] },
  RISK_STATES: { labels: riskLabels.states, locale: ["risks.states"] },
  RADAR_LEVELS: { labels: riskLabels.radarLevels, locale: ["risks.radarLevels"] },
  // content and alerts
  LEGISLATION_KINDS: { labels: codeLabels.legislationKinds, locale: ["content.legislation.kinds"] },
  LEGISLATION_SPHERES: { labels: codeLabels.legislationSpheres, locale: ["content.spheres"] },
  LEGISLATION_STATUSES: { labels: codeLabels.legislationStatuses, locale: ["content.legislation.statuses"] },
  POST_STATUSES: { labels: codeLabels.postStatuses, locale: ["content.postStatuses"] },
  TUTORIAL_AUDIENCES: { labels: codeLabels.tutorialAudiences, locale: ["content.tutorials.audiences"] },
  CONTENT_SEARCH_KINDS: { labels: codeLabels.contentSearchKinds, locale: ["content.librarySearch.kinds"] },
  ALERT_SEVERITIES: { labels: codeLabels.alertSeverities, locale: ["alerts.severities"] },
  ALERT_AUDIENCES: { labels: codeLabels.alertAudiences, locale: ["alerts.audiences"] },
  // people, access, sync, reports, the public site
  ROLES: { labels: codeLabels.roles, locale: ["users.roles"] },
  USER_STATUSES: { labels: codeLabels.userStatuses, locale: ["users.status"] },
  AUDIT_ACTIONS: { labels: codeLabels.auditActions, locale: ["access-logs.actions"] },
  AUDIT_SOURCES: { labels: codeLabels.auditSources, locale: ["access-logs.sources"] },
  SYNC_RUN_STATUSES: { labels: codeLabels.syncRunStatuses, locale: ["sync.run.status"] },
  SYNC_RUN_TRIGGERS: { labels: codeLabels.syncRunTriggers, locale: ["sync.run.trigger"] },
  REPORT_NAMES: { labels: reportLabels.menu, locale: ["reports.menu"] },
  TRANSPARENCY_SECTIONS: { labels: transparency.sectionNames, locale: ["transparency.sections"] },
  FISCAL_INDICATORS: { labels: transparency.fiscal.names, locale: [] },
};

/** Lists that are part of a catalogued list: they are named by its labels. */
const SUBSETS: Record<string, string> = {
  COMPANY_ROLES: "ROLES",
  TRANSFER_KINDS: "TRANSFER_KIND_CODES",
  REPORT_KINDS: "TRANSFER_KIND_CODES",
  PUBLIC_TRANSFER_KINDS: "TRANSFER_KIND_CODES",
  TRANSFER_FUNDING_KINDS: "FUNDING_KINDS",
  CONVENIO_STATUSES: "OBLIGATION_STATUSES",
  OPEN_OBLIGATION_STATUSES: "OBLIGATION_STATUSES",
  ESPECIAL_STATUSES: "OBLIGATION_STATUSES",
  FUNDO_STATUSES: "OBLIGATION_STATUSES",
  LC210_STATUSES: "OBLIGATION_STATUSES",
  LOG_ACTIONS: "AUDIT_ACTIONS",
  IMPOSITION_ACTIVE_SITUATIONS: "IMPOSITION_SITUATIONS",
  VOLUNTARY_ACTIVE_STATUSES: "VOLUNTARY_STATUSES",
  CONVENIO_MODALITIES: "VOLUNTARY_MODALITIES",
  FUND_ACTIVE_SITUATIONS: "FUND_SITUATIONS",
  COMMITTED_KINDS: "PAYMENT_KINDS",
  PAID_KINDS: "PAYMENT_KINDS",
  CHARTED_PAYMENT_KINDS: "PAYMENT_KINDS",
  TIMED_PROPOSAL_STATUSES: "PROPOSAL_STATUSES",
  INVITABLE_STATUSES: "USER_STATUSES",
  ACTIVE_RISK_STATES: "RISK_STATES",
};

/** Lists of strings that are not codes a person reads, and why. */
const NOT_SHOWN: Record<string, string> = {
  STAGE_ACTIONS: "the steps of a municipal emenda are addresses (/steps/{submit|approve|…}); each button is named by its own text",
  UFS: "the two-letter UF is its own label",
  EXPORT_FORMATS: "file formats (csv, xlsx, pdf) are shown as themselves",
  UPLOAD_KINDS: "storage folders, never shown",
  IMAGE_UPLOAD_KINDS: "storage folders, never shown",
  DOCUMENT_UPLOAD_KINDS: "storage folders, never shown",
  PUBLIC_IMAGE_KINDS: "storage folders, never shown",
  INSTRUMENT_TRANSFER_KINDS: "API path segments of the transfers' records (the instrument routes), never shown",
  CATEGORY_SCOPES: "each content screen knows its own scope; never listed",
  REGULARITY_KINDS: "a CAUC item or another certificate: shown through the CAUC groups",
  DATA_SOURCES: "feed names of the freshness record; the sync screen titles its sections",
  SYNC_RUN_SOURCES: "the sync screen has one section per source, titled in the locale",
  SICONV_TABLES: "file names of the SICONV dumps, shown as the files are named",
  MANAGER_COMPANY_FIELDS: "field names, not codes",
  CHECKLIST_USER_FIELDS: "field names, not codes",
  PLACEHOLDERS: "template markers, shown as typed in the template",
  GUARD_NAMES: "names of the role map's guards, for code only",
  UPLOAD_CONTENT_TYPES: "MIME types, not codes",
  DOCUMENT_CONTENT_TYPES: "MIME types, not codes",
};

const localeAt = (key: string): unknown => key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], ptBR);

describe("the label catalogue", () => {
  it("classifies every list of codes in src/domain: labelled in the catalogue, part of a labelled list, or never shown", () => {
    const unclassified = Object.keys(domainLists).filter((name) => !(name in CATALOGUED) && !(name in SUBSETS) && !(name in NOT_SHOWN));
    expect(unclassified, "add each new code list to src/domain/labels and to this test").toEqual([]);
    const named = [...Object.keys(CATALOGUED), ...Object.keys(SUBSETS), ...Object.values(SUBSETS), ...Object.keys(NOT_SHOWN)];
    for (const name of named) expect(domainLists[name], `${name} is no longer a list of src/domain: drop it here`).toBeDefined();
  });

  it.each(Object.entries(CATALOGUED))("names every code of %s exactly once, with a non-empty pt-BR label", (name, { labels }) => {
    const codes = domainLists[name];
    expect(new Set(codes).size, `${name} repeats a code`).toBe(codes.length);
    expect(Object.keys(labels).sort(), name).toEqual([...codes].sort());
    for (const code of codes) expect(labels[code].trim(), `${name}.${code}`).not.toBe("");
  });

  it.each(Object.entries(SUBSETS))("names %s through the list it is part of (%s)", (name, whole) => {
    expect(domainLists[whole]).toEqual(expect.arrayContaining([...domainLists[name]]));
  });

  it.each(Object.entries(CATALOGUED).flatMap(([name, { labels, locale }]) => locale.map((key) => [key, name, labels] as const)))(
    "the locale's %s says what the catalogue says for %s",
    (key, name, labels) => {
      const copy = localeAt(key) as Labels | undefined;
      expect(copy, key).toBeDefined();
      for (const code of domainLists[name]) expect(copy![code], `${key}.${code}`).toBe(labels[code]);
    },
  );

  it("names a proposal's status in the singular everywhere: screens, reports and the server's messages", () => {
    expect(codeLabels.proposalStatuses.CADASTRADA).toBe("Cadastrada");
    expect(localeAt("captacao.statuses.CADASTRADA")).toBe("Cadastrada");
    expect(reportLabels.proposalStatuses.CADASTRADA).toBe("Cadastrada");
  });

  it("derives the group headings of the transfer kinds in one place, read by the dashboard, the reports, the public site and the assistant's links", () => {
    expect(transferLabels.transferKindGroups).toEqual({ imposition: "Transferências especiais", voluntary: "Transferências voluntárias", fund: "Fundo a fundo" });
    expect(localeAt("dashboard.kinds")).toBe(transferLabels.transferKindGroups);
    expect(localeAt("reports.kinds")).toBe(transferLabels.transferKindGroups);
    expect(transparency.kinds).toBe(transferLabels.transferKindGroups);
    expect(localeAt("reports.kindOne")).toBe(transferLabels.transferKinds);
  });

  it("gives the public site the catalogue's lists, so the portal and the admin name codes alike", () => {
    expect(transparency.impositionSituations).toBe(transferLabels.impositionSituations);
    expect(transparency.voluntaryStatuses).toBe(transferLabels.voluntaryStatuses);
    expect(transparency.paymentKinds).toBe(transferLabels.paymentKinds);
    expect(transparency.detail.lc210Recipients).toBe(codeLabels.lc210Recipients);
  });

  it("names the transfer screens' fields once: the locale reads the catalogue's field names", () => {
    expect(localeAt("transfers.fields")).toBe(transferLabels.fields);
  });
});

describe("report file names", () => {
  it("are pt-BR and plain ASCII, from the report's menu name", () => {
    expect(reportFileName("payments", "csv", "2026-11-26")).toBe("relatorio-pagamentos-2026-11-26.csv");
    expect(reportFileName("fundraising", "xlsx", "2026-01-02")).toBe("relatorio-captacao-2026-01-02.xlsx");
    expect(reportFileName("proposal", "pdf", "2026-01-02")).toBe("relatorio-propostas-2026-01-02.pdf");
    expect(reportFileName("transactions", "csv")).toBe("relatorio-transferencias.csv");
  });
});
