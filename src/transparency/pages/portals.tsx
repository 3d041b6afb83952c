import { Link } from "../router";
import type { PublicPortal } from "@/domain/transparency";
import { transparency as t } from "@/locales/pt-BR/transparency";
import { usePublicApi } from "../lib/api";
import { usePageMeta } from "../lib/page-meta";
import { sitePath } from "../site";
import { LoadFailed, Loading } from "../components/status";

/**
 * The portals' root (/transparency): every published portal. A citizen's 'Go back home' on a public
 * error lands here (never on the staff sign-in that '/' opens).
 */
export default function PortalsPage() {
  usePageMeta(`${t.root.title} – ${t.siteName}`, t.root.description);
  const portals = usePublicApi<PublicPortal[]>("/api/public/portals");
  return (
    <div className="tp">
      <a className="tp-skip" href="#conteudo">
        {t.skipToContent}
      </a>
      <header className="tp-header">
        <div className="tp-header__inner">
          <span className="tp-brand">
            <span className="tp-brand__text">
              <span className="tp-brand__name">{t.siteName}</span>
            </span>
          </span>
        </div>
      </header>
      <main id="conteudo" className="tp-main" tabIndex={-1}>
        <h1>{t.root.title}</h1>
        <p className="tp-lead">{t.root.intro}</p>
        {portals.status === "loading" ? <Loading /> : null}
        {portals.status === "failed" ? <LoadFailed error={portals.error} retry={portals.retry} /> : null}
        {portals.status === "done" && portals.result.data.length === 0 ? <p className="tp-empty">{t.root.empty}</p> : null}
        {portals.status === "done" && portals.result.data.length > 0 ? (
          <ul className="tp-cards">
            {portals.result.data.map((portal) => (
              <li key={portal.slug}>
                <Link className="tp-card" to={sitePath.home(portal.slug)}>
                  <span className="tp-card__title">{t.prefecture(portal.name)}</span>
                  <span className="tp-card__text">{portal.uf ?? ""}</span>
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
      </main>
    </div>
  );
}
