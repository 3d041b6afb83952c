import type { PublicInstrument } from "@/domain/transfer-instruments";
import { EMPTY } from "../lib/format";
import { formatCount } from "@/domain/pt-br-numbers";

/**
 * The inteiro teor of a transfer's instrument (PNTP 5.1) on the public pages: a download link that
 * says its type and size, or "—" when the municipality has not attached it. Kept free of zod and of
 * the admin's helpers: it lives in the lazy page chunks.
 */
export const INSTRUMENT_LABEL = "Inteiro teor do instrumento";

const kilobytes = (bytes: number) => `${formatCount(Math.max(1, Math.ceil(bytes / 1024)))} KB`;

export function instrumentLinkText(size: number): string {
  return `${INSTRUMENT_LABEL} (PDF, ${kilobytes(size)})`;
}

export function InstrumentLink({ instrument }: { instrument: PublicInstrument | null }) {
  if (!instrument) return <>{EMPTY}</>;
  return (
    <a href={instrument.url} download>
      {instrumentLinkText(instrument.size)}
    </a>
  );
}
