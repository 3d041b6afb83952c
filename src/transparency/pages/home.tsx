import { Link } from "react-router";
import type { PublicSummary } from "@/domain/transparency";
import { transparency as t } from "@/locales/pt-BR/transparency";
import { publicUrl, usePublicApi } from "../lib/api";
import { sitePath, useSite, useSiteMeta } from "../site";
import { KpiList, addTotals, kpiValues } from "../components/kpis";

/** The municipality's front page: who it is, the totals in short, and the way to each section. */
export function HomePage() {
  const { slug, municipality } = useSite();
  useSiteMeta(null, (name) => t.home.description(name, municipality?.uf ?? null));
  const summary = usePublicApi<PublicSummary>(publicUrl(slug, "summary"));
  const totals = summary.status === "done" ? addTotals(summary.result.data.byYear) : null;

  const sections = [
    { to: sitePath.dashboard(slug), title: t.nav.dashboard, text: t.home.cards.dashboard },
    { to: sitePath.fiscal(slug), title: t.nav.fiscal, text: t.home.cards.fiscal },
    { to: sitePath.imposition(slug), title: t.nav.imposition, text: t.home.cards.imposition },
    { to: sitePath.voluntary(slug), title: t.nav.voluntary, text: t.home.cards.voluntary },
  ];

  return (
    <>
      <h1>{municipality ? t.home.title(t.municipalityOf(municipality.name, municipality.uf)) : t.siteName}</h1>
      <p className="tp-lead">{t.home.intro}</p>
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
      <section aria-labelledby="home-sections">
        <h2 id="home-sections">{t.home.sections}</h2>
        <ul className="tp-cards">
          {sections.map((s) => (
            <li key={s.to}>
              <Link className="tp-card" to={s.to}>
                <span className="tp-card__title">{s.title}</span>
                <span className="tp-card__text">{s.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
