import type { z } from "zod";
import type { fundTransferFields, impositionTransferFields, paymentFields, voluntaryTransferFields } from "@/domain/transfers";

// TODO(after main's row schemas land): re-export ImpositionTransfer, VoluntaryTransfer, FundTransfer and Payment from @/domain/transfers.
interface RecordFields {
  id: number;
  version?: number;
  companyId: number;
  createdAt: string;
  updatedAt: string;
}
type Money = string;

export type ImpositionTransfer = z.output<typeof impositionTransferFields> & RecordFields & { plannedValue: Money; committedValue: Money; paidValue: Money };
export type VoluntaryTransfer = z.output<typeof voluntaryTransferFields> & RecordFields & { globalValue: Money; committedValue: Money; paidValue: Money };
export type FundTransfer = z.output<typeof fundTransferFields> & RecordFields & { totalTransferValue: Money };
export type Payment = z.output<typeof paymentFields> &
  RecordFields & { impositionTransferId: number | null; voluntaryTransferId: number | null; transferKind: "imposition" | "voluntary"; nrTransfer: string };
