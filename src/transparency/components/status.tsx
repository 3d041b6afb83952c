import type { ApiError } from "../lib/api";
import { transparency as t } from "@/locales/pt-BR/transparency";

export function Loading() {
  return (
    <p className="tp-loading" role="status">
      {t.loading}
    </p>
  );
}

export function LoadFailed({ error, retry }: { error: ApiError; retry(): void }) {
  return (
    <div className="tp-alert" role="alert">
      <p>{error.status >= 400 && error.status < 500 ? error.message : t.loadFailed}</p>
      <button type="button" className="tp-button" onClick={retry}>
        {t.retry}
      </button>
    </div>
  );
}
