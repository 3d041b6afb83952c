import { screenUrl } from "@/domain/admin-screens";

/** The dashboard's three kinds of transfer. */
export type Kind = "imposition" | "voluntary" | "fund";

/** One of the latest payments the summary lists (GET /api/dashboard/summary). */
export interface LatestPayment {
  id: number;
  kind: string;
  paymentDate: string;
  amount: string;
  documentNumber: string;
  transferKind: "imposition" | "voluntary";
  nrTransfer: string;
  payeeName: string | null;
}

/** Each kind's screens (src/domain/admin-screens.ts). */
export const SCREENS = { imposition: "imposition-transfers", voluntary: "voluntary-transfers", fund: "fund-to-fund-transfers" } as const;

/** A transfer's page, by its kind and number. */
export const infoPath = (kind: Kind, key: string) => screenUrl(SCREENS[kind], "show", { id: key });
