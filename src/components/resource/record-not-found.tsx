import type { HttpError } from "@refinedev/core";
import { ErrorPage } from "@/components/error-page";
import { useT } from "@/providers/i18n";

/** A refusal stays a refusal and a failure a failure; any other answer (404, a malformed id) means no such record. */
function statusOf(error?: HttpError | null): number {
  const code = Number(error?.statusCode);
  if (code === 403) return 403;
  if (!code || code >= 500) return 500;
  return 404;
}

/**
 * What a record page shows when its record cannot be read: the product's error page inside the
 * layout, a 404 with the server's own words ("Link não encontrado.") for a record that does not exist,
 * never an empty form. A failure that is not the record's (the server down) shows as such.
 */
export function RecordNotFound({ error }: { error?: HttpError | null }) {
  const t = useT();
  const status = statusOf(error);
  const message = status === 404 ? (error?.message || t("resource.notFound")) : undefined;
  return <ErrorPage status={status} message={message} embedded />;
}
