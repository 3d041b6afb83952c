import { Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { Link, NavLink, useParams, usePathname } from "./router";
import { ErrorPage } from "@/components/error-page";
import type { PublicMunicipality } from "@/domain/transparency";
import { transparency as t } from "@/locales/pt-BR/transparency";
import { usePublicApi } from "./lib/api";
import { municipalityUrl } from "@/domain/public-urls";
import { formatDateTime } from "./lib/format";
import { SECTIONS, SiteContext, publishedSections, sitePath, type Site } from "./site";
import { publicMunicipalAmendments } from "@/domain/labels/public-municipal-amendments";
import { Loading } from "./components/status";

function Emblem({ municipality }: { municipality: PublicMunicipality | null }) {
  if (municipality?.logoUrl) {
    return <img className="tp-emblem" src={municipality.logoUrl} alt={`Brasão de ${municipality.name}`} width={48} height={48} />;
  }
  const initials = (municipality?.name ?? "")
    .split(/\s+/)
    .filter((w) => w.length > 2)
    .map((w) => w[0])
    .slice(0, 2)
    .join("");
  return (
    <span className="tp-emblem tp-emblem--initials" aria-hidden="true">
      {initials}
    </span>
  );
}

/** The public site's frame: who the municipality is, the sections, the update stamp and the legal basis. */
export function Layout({ children }: { children: ReactNode }) {
  const slug = useParams().slug ?? "";
  const pathname = usePathname();
  const municipality = usePublicApi<PublicMunicipality>(municipalityUrl(slug));
  const [missingAt, setMissingAt] = useState<string | null>(null);
  const notFound = useCallback(() => setMissingAt(pathname), [pathname]);
  const data = municipality.status === "done" && !municipality.stale ? municipality.result.data : null;
  const site = useMemo<Site>(() => ({ slug, municipality: data, notFound }), [slug, data, notFound]);

  // After a navigation inside the site, focus goes to the new page's content (screen readers hear it).
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.focus();
  }, [pathname]);

  // An unknown slug (or a closed portal): back to the portals' root. A page of a known portal that does
  // not exist: the same screen, with the way back to this municipality's portal beside it.
  if (municipality.status === "failed" && municipality.error.status === 404) {
    return <ErrorPage status={404} home={sitePath.root} explanation={t.notFoundExplanation} />;
  }
  if (missingAt === pathname) {
    const portal = data ? [{ href: sitePath.home(slug), label: t.notFound.backToPortal(data.name) }] : [];
    return <ErrorPage status={404} home={sitePath.root} explanation={t.notFoundExplanation} links={portal} />;
  }

  // Only the sections the municipality publishes. Until it is known, every section holds its place
  // unseen, so the menu does not grow (and push the page down) when the answer arrives.
  const links = [
    { to: sitePath.home(slug), label: t.nav.home, end: true },
    ...publishedSections(data).map(({ section, path }) => ({ to: path(slug), label: t.sectionNames[section], end: false })),
    // Every open portal publishes its municipal emendas (ADPF 854): no switch turns the section off.
    ...(data ? [{ to: sitePath.municipalAmendments(slug), label: publicMunicipalAmendments.nav, end: false }] : []),
  ];
  // The municipal emendas' link is held too: without it the menu wrapped to one more line on a phone when
  // the answer came, and pushed the whole page down (Lighthouse's layout shift).
  const pending = data === null && municipality.status !== "failed" ? [...SECTIONS.map(({ section }) => t.sectionNames[section]), publicMunicipalAmendments.nav] : [];

  return (
    <SiteContext.Provider value={site}>
      <div className="tp">
        <a className="tp-skip" href="#conteudo">
          {t.skipToContent}
        </a>
        <header className="tp-header">
          <div className="tp-header__inner">
            <Link className="tp-brand" to={sitePath.home(slug)}>
              <Emblem municipality={data} />
              <span className="tp-brand__text">
                <span className="tp-brand__name">{data ? t.prefecture(data.name) : " "}</span>
                <span className="tp-brand__sub">
                  {data?.uf ? `${data.uf} · ` : ""}
                  {t.siteName}
                </span>
              </span>
            </Link>
          </div>
          <nav className="tp-nav" aria-label={t.nav.label}>
            <ul>
              {links.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} end={link.end}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
              {pending.map((label) => (
                <li key={label} aria-hidden="true">
                  <span className="tp-nav__pending">{label}</span>
                </li>
              ))}
            </ul>
          </nav>
        </header>
        <main id="conteudo" className="tp-main" ref={main} tabIndex={-1}>
          {municipality.status === "failed" ? (
            <div className="tp-alert" role="alert">
              <p>{t.loadFailed}</p>
              <button type="button" className="tp-button" onClick={municipality.retry}>
                {t.retry}
              </button>
            </div>
          ) : (
            <Suspense fallback={<Loading />}>
              {children}
            </Suspense>
          )}
        </main>
        <footer className="tp-footer">
          <p className="tp-updated">{data?.updatedAt ? t.updatedAt(formatDateTime(data.updatedAt)) : data ? t.noData : " "}</p>
          <p>{t.footer.legal}</p>
          <p>
            <Link to={sitePath.openData(slug)}>{t.footer.openData}</Link>
            {data?.email ? (
              <>
                {" · "}
                {t.footer.contact}: <a href={`mailto:${data.email}`}>{data.email}</a>
              </>
            ) : null}
            {data?.phone ? ` · ${data.phone}` : null}
          </p>
        </footer>
      </div>
    </SiteContext.Provider>
  );
}
