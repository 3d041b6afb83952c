import type { ReactNode } from "react";
import { Link, Navigate, usePathname, useSearchParams } from "../router";
import type { PublicListOptions } from "@/domain/transparency";
import { transparency as t } from "@/locales/pt-BR/transparency";
import { usePublicApi } from "../lib/api";
import { PAGE_SIZE, listOptionsUrl, listPageUrl, publicUrl, type PublicListPath } from "@/domain/public-urls";
import { useSite, useSiteMeta } from "../site";
import { GetForm } from "../components/get-form";
import { LoadFailed, Loading } from "../components/status";


/** A filter kept in the URL as `param` and sent to the API as `field`. */
export interface ListFilter {
  param: string;
  field: string;
  label: string;
  options(options: PublicListOptions): { value: string; label: string }[];
}

export interface ListColumn<Row> {
  key: string;
  header: string;
  cell(row: Row, slug: string): ReactNode;
  numeric?: boolean;
  /** Sortable: the URL's `ordem` value and the API field behind it. */
  sort?: { param: string; field: string };
}

export interface ListConfig<Row> {
  apiPath: PublicListPath;
  title: string;
  intro: string;
  description(name: string): string;
  filters: ListFilter[];
  columns: ListColumn<Row>[];
  rowKey(row: Row): string;
}

/** What the page's URL asks for, validated (anything malformed is ignored, never sent on). */
function readUrl<Row>(params: URLSearchParams, config: ListConfig<Row>, options: PublicListOptions | null) {
  const search = (params.get("busca") ?? "").trim();
  const filters: Record<string, string> = {};
  for (const filter of config.filters) {
    const value = params.get(filter.param) ?? "";
    if (value && (!options || filter.options(options).some((o) => o.value === value))) filters[filter.param] = value;
  }
  const sortColumn = config.columns.find((c) => c.sort?.param === params.get("ordem"));
  const direction = params.get("sentido") === "asc" ? "asc" : "desc";
  const page = Math.max(1, Math.min(100_000, Number.parseInt(params.get("pagina") ?? "1", 10) || 1));
  return { search, filters, sort: sortColumn?.sort ?? null, direction, page } as const;
}

function withParams(current: URLSearchParams, changes: Record<string, string | null>): string {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === "") next.delete(key);
    else next.set(key, value);
  }
  const query = next.toString();
  return query ? `?${query}` : "?";
}

/** A public list: search, filters, sort and page live in the URL; the same filtered set downloads as CSV or JSON. */
export function TransferList<Row>({ config }: { config: ListConfig<Row> }) {
  const { slug } = useSite();
  const pathname = usePathname();
  useSiteMeta(config.title, config.description);
  const [params] = useSearchParams();
  const optionsState = usePublicApi<PublicListOptions>(listOptionsUrl(slug, config.apiPath));
  const options = optionsState.status === "done" ? optionsState.result.data : null;
  const state = readUrl(params, config, options);

  const apiFilters: Record<string, string> = { q: state.search };
  for (const filter of config.filters) if (state.filters[filter.param]) apiFilters[filter.field] = state.filters[filter.param];
  const sorting = state.sort ? { _sort: state.sort.field, _order: state.direction } : {};
  const listUrl = listPageUrl(slug, config.apiPath, state.page, { ...apiFilters, ...sorting });
  const list = usePublicApi<Row[]>(listUrl);
  const exportUrl = (format: "csv" | "xlsx" | "json") => publicUrl(slug, `${config.apiPath}.${format}`, { ...apiFilters, ...sorting });

  const total = list.status === "done" ? (list.result.total ?? list.result.data.length) : null;
  const pages = total === null ? 1 : Math.max(1, Math.ceil(total / PAGE_SIZE));
  // While new results load, the count says so instead of repeating the previous one.
  const shownTotal = list.stale ? null : total;
  const filtered = state.search !== "" || Object.keys(state.filters).length > 0;
  const unpublished = options?.unpublished && options.unpublished.hidden > 0 && config.apiPath !== "municipal-amendments" ? options.unpublished : null;

  // A page past the end (`?pagina=99` of 2) goes to the last page, so the count, the rows and the
  // page number never contradict each other; with no results at all, to page 1 and its empty state.
  if (list.status === "done" && !list.stale && state.page > pages) {
    return <Navigate replace to={`${pathname}${withParams(params, { pagina: pages > 1 ? String(pages) : null })}`} />;
  }

  return (
    <>
      <h1>{config.title}</h1>
      <p className="tp-lead">{config.intro}</p>

      <GetForm className="tp-filters" label={t.list.filters} search keep={{ ordem: params.get("ordem") ?? "", sentido: params.get("sentido") ?? "" }}>
        <label className="tp-field tp-field--wide">
          <span>{t.list.search}</span>
          <input type="search" name="busca" defaultValue={state.search} key={`busca-${state.search}`} placeholder={t.list.searchHint} />
        </label>
        {config.filters.map((filter) => (
          <label className="tp-field" key={filter.param}>
            <span>{filter.label}</span>
            <select name={filter.param} defaultValue={state.filters[filter.param] ?? ""} key={`${filter.param}-${state.filters[filter.param] ?? ""}-${options ? 1 : 0}`}>
              <option value="">{t.list.any}</option>
              {(options ? filter.options(options) : []).map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
        ))}
        <div className="tp-filters__actions">
          <button type="submit" className="tp-button">
            {t.list.apply}
          </button>
          {filtered ? (
            <Link className="tp-link-button" to={pathname}>
              {t.list.clear}
            </Link>
          ) : null}
        </div>
      </GetForm>

      {unpublished ? (
        <p className="tp-note">{t.unpublished(unpublished.hidden, unpublished.total, t.unpublishedWhat[config.apiPath === "imposition-transfers" ? "impositionTransfers" : "voluntaryTransfers"])}</p>
      ) : null}

      <div className="tp-list-bar">
        <p className="tp-count" role="status">
          {shownTotal === null ? t.loading : t.list.results(shownTotal)}
        </p>
        <p className="tp-downloads">
          <span>{t.list.download}:</span>{" "}
          <a href={exportUrl("csv")} download aria-label={t.list.downloadCsv}>
            {t.list.csv}
          </a>{" "}
          <a href={exportUrl("xlsx")} download aria-label={t.list.downloadXlsx}>
            {t.list.xlsx}
          </a>{" "}
          <a href={exportUrl("json")} download aria-label={t.list.downloadJson}>
            {t.list.json}
          </a>
        </p>
      </div>

      {list.status === "failed" ? <LoadFailed error={list.error} retry={list.retry} /> : null}
      {list.status === "loading" ? <Loading /> : null}
      {list.status === "done" && list.result.data.length === 0 ? <p className="tp-empty">{t.list.empty}</p> : null}
      {list.status === "done" && list.result.data.length > 0 ? (
        <div className="tp-table-wrap" role="region" aria-label={t.list.tableRegion} tabIndex={0}>
          <table className="tp-table" aria-busy={list.stale || undefined}>
            <caption className="tp-sr-only">{`${config.title} – ${t.list.page(state.page, pages)}`}</caption>
            <thead>
              <tr>
                {config.columns.map((column) => {
                  const active = column.sort && state.sort?.param === column.sort.param;
                  const next = active && state.direction === "desc" ? "asc" : "desc";
                  return (
                    <th
                      key={column.key}
                      scope="col"
                      className={column.numeric ? "tp-num" : undefined}
                      aria-sort={active ? (state.direction === "asc" ? "ascending" : "descending") : undefined}
                    >
                      {column.sort ? (
                        <Link to={withParams(params, { ordem: column.sort.param, sentido: next, pagina: null })} aria-label={t.list.sortBy(column.header)} className="tp-sort">
                          {column.header}
                          <span aria-hidden="true">{active ? (state.direction === "asc" ? " ▲" : " ▼") : " ↕"}</span>
                        </Link>
                      ) : (
                        column.header
                      )}
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {list.result.data.map((row) => (
                <tr key={config.rowKey(row)}>
                  {config.columns.map((column, i) =>
                    i === 0 ? (
                      <th key={column.key} scope="row">
                        {column.cell(row, slug)}
                      </th>
                    ) : (
                      <td key={column.key} className={column.numeric ? "tp-num" : undefined}>
                        {column.cell(row, slug)}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}

      {pages > 1 ? (
        <nav className="tp-pagination" aria-label={t.list.pagination}>
          {state.page > 1 ? (
            <Link to={withParams(params, { pagina: state.page - 1 > 1 ? String(state.page - 1) : null })} rel="prev">
              {`← ${t.list.previous}`}
            </Link>
          ) : (
            <span aria-hidden="true" />
          )}
          <span aria-current="page">{t.list.page(state.page, pages)}</span>
          {state.page < pages ? (
            <Link to={withParams(params, { pagina: String(state.page + 1) })} rel="next">
              {`${t.list.next} →`}
            </Link>
          ) : (
            <span aria-hidden="true" />
          )}
        </nav>
      ) : null}
    </>
  );
}
