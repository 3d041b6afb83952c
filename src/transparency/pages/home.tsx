import { Link } from "../router";
import type { PublicMunicipality, PublicSection, PublicSummary } from "@/domain/transparency";
import { transparency as t } from "@/locales/pt-BR/transparency";
import { usePublicApi } from "../lib/api";
import { pageDataUrl } from "@/domain/public-urls";
import { publishedSections, useSite, useSiteMeta } from "../site";
import { KpiList, addTotals, kpiValues } from "../components/kpis";

const cardText = (section: PublicSection, showPayments: boolean): string =>
  ({
    dashboard: t.home.cards.dashboard,
    fiscalIndicators: t.home.cards.fiscal,
    impositionTransfers: showPayments ? t.home.cards.imposition : t.home.cards.impositionWithoutPayments,
    voluntaryTransfers: t.home.cards.voluntary,
  })[section];

/** Everything published: the full intro still tells the truth. */
const publishesAll = (m: PublicMunicipality) => m.showPayments && Object.values(m.sections).every(Boolean);

/** The municipality's front page: its presentation, the totals in short, and the way to each published section. */
export function HomePage() {
  const { slug, municipality } = useSite();
  useSiteMeta(null, (name) => t.home.description(name, municipality?.uf ?? null));
  // The totals are the dashboard's: asked for only when the municipality publishes it.
  const withTotals = municipality?.sections.dashboard ?? false;
  const summary = usePublicApi<PublicSummary>(withTotals ? pageDataUrl.summary(slug) : null);
  const totals = summary.status === "done" ? addTotals(summary.result.data.byYear) : null;
  const sections = publishedSections(municipality);

  return (
    <>
      <h1>{municipality ? t.home.title(t.municipalityOf(municipality.name, municipality.uf)) : t.siteName}</h1>
      {municipality?.welcomeText ? (
        // Plain text as typed in the settings (React escapes it; CSS keeps its line breaks).
        <p className="tp-welcome">{municipality.welcomeText}</p>
      ) : null}
      <p className="tp-lead">{!municipality || publishesAll(municipality) ? t.home.intro : t.home.introPartial}</p>
      {withTotals ? (
        <section aria-labelledby="home-totals">
          <h2 id="home-totals">{t.home.totalsTitle}</h2>
          <KpiList
            label={t.home.totalsTitle}
            items={[
              { label: t.home.totalCount, value: totals ? kpiValues.count(totals.count) : "…" },
              { label: t.home.totalPlanned, value: totals ? kpiValues.money(totals.planned) : "…" },
              { label: t.home.totalPaid, value: totals ? kpiValues.money(totals.paid) : "…" },
            ]}
          />
        </section>
      ) : null}
      {municipality ? (
        <section aria-labelledby="home-sections">
          <h2 id="home-sections">{t.home.sections}</h2>
          {sections.length === 0 ? (
            <p>{t.home.noSections}</p>
          ) : (
            <ul className="tp-cards">
              {sections.map(({ section, path }) => (
                <li key={section}>
                  <Link className="tp-card" to={path(slug)}>
                    <span className="tp-card__title">{t.sectionNames[section]}</span>
                    <span className="tp-card__text">{cardText(section, municipality.showPayments)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </>
  );
}
