import type { PublicDataset } from "@/domain/transparency";
import { transparency as t } from "@/locales/pt-BR/transparency";
import { usePublicApi } from "../lib/api";
import { pageDataUrl } from "@/domain/public-urls";
import { formatDateTime } from "../lib/format";
import { useSite, useSiteMeta } from "../site";
import { LoadFailed, Loading } from "../components/status";

/** One dataset: what it holds, its update time, its downloads and its data dictionary. */
function Dataset({ dataset }: { dataset: PublicDataset }) {
  const heading = `dataset-${dataset.id}`;
  return (
    <section aria-labelledby={heading} className="tp-dataset">
      <h2 id={heading}>{dataset.titulo}</h2>
      <p>
        {`${dataset.descricao[0].toUpperCase()}${dataset.descricao.slice(1)}. `}
        {t.openData.records(dataset.registros)}
        {" · "}
        {dataset.atualizadoEm ? t.openData.updatedAt(formatDateTime(dataset.atualizadoEm)) : t.openData.neverUpdated}
      </p>
      {dataset.naoPublicados > 0 ? <p className="tp-note">{t.unpublished(dataset.naoPublicados, dataset.registros + dataset.naoPublicados, dataset.titulo.toLowerCase())}</p> : null}
      <p className="tp-downloads">
        <span>{t.openData.formats}:</span>{" "}
        {dataset.formatos.map((f) => (
          <a key={f.formato} href={f.url} download aria-label={`${dataset.titulo}: ${f.formato.toUpperCase()}`}>
            {f.formato.toUpperCase()}
          </a>
        ))}
      </p>
      <details>
        <summary>{`${t.openData.dictionary} (${dataset.dicionario.length})`}</summary>
        <div className="tp-table-wrap" role="region" aria-label={`${t.openData.dictionary}: ${dataset.titulo}`} tabIndex={0}>
          <table className="tp-table">
            <caption className="tp-sr-only">{`${t.openData.dictionary}: ${dataset.titulo}`}</caption>
            <thead>
              <tr>
                <th scope="col">{t.openData.dictionaryColumns.field}</th>
                <th scope="col">{t.openData.dictionaryColumns.description}</th>
                <th scope="col">{t.openData.dictionaryColumns.type}</th>
              </tr>
            </thead>
            <tbody>
              {dataset.dicionario.map((entry) => (
                <tr key={entry.campo}>
                  <th scope="row">
                    <code>{entry.campo}</code>
                  </th>
                  <td>{entry.descricao}</td>
                  <td>{entry.tipo}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}

/** Dados abertos: every dataset the municipality publishes, with its dictionary, formats and update time. */
export default function OpenDataPage() {
  const { slug } = useSite();
  useSiteMeta(t.openData.title, t.openData.description);
  const datasets = usePublicApi<PublicDataset[]>(pageDataUrl.datasets(slug));
  return (
    <>
      <h1>{t.openData.title}</h1>
      <p className="tp-lead">{t.openData.intro}</p>
      {/* The fixed texts first and the datasets' place held while they load, so nothing below jumps when they arrive (CLS). */}
      <p className="tp-note">{t.openData.license}</p>
      <p>
        <a href="/api/docs">{t.openData.api}</a>
      </p>
      <div style={datasets.status === "done" ? undefined : { minHeight: "120vh" }}>
        {datasets.status === "loading" ? <Loading /> : null}
        {datasets.status === "failed" ? <LoadFailed error={datasets.error} retry={datasets.retry} /> : null}
        {datasets.status === "done" ? datasets.result.data.map((dataset) => <Dataset key={dataset.id} dataset={dataset} />) : null}
      </div>
    </>
  );
}
