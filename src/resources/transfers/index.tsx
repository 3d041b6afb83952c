import type { ComponentType } from "react";
import { Route } from "react-router";
import { BankOutlined, FundOutlined, SwapOutlined } from "@ant-design/icons";
import { lazyRoute } from "@/lib/updates/lazy-route";
import { RequireGuard } from "@/admin/require-guard";
import type { AdminArea } from "../types";
import { MENU_GROUP } from "../menu-groups";
import { FUND, IMPOSITION, VOLUNTARY, type TransferKindConfig } from "./kinds";

type KindPage = ComponentType<{ config: TransferKindConfig }>;

/** A lazily loaded (and preloaded) page bound to one kind of transfer. */
function kindPage(config: TransferKindConfig, load: () => Promise<KindPage>) {
  return lazyRoute(() => load().then((Page) => ({ default: () => <Page config={config} /> })));
}

const writes = { create: "manager-only", edit: "manager-only", delete: "manager-only" } as const;

function transferRoutes(config: TransferKindConfig, withPayments: boolean) {
  const base = config.basePath;
  const List = kindPage(config, () => import("./list").then((m) => m.TransferList));
  const Info = kindPage(config, () => import("./info").then((m) => m.TransferInfo));
  const TransferCreate = kindPage(config, () => import("./form").then((m) => m.TransferCreate));
  const TransferEdit = kindPage(config, () => import("./form").then((m) => m.TransferEdit));
  const routes = [
    <Route key={`${base}`} path={base} element={<List />} />,
    <Route key={`${base}/info`} path={`${base}/info/:id`} element={<Info />} />,
    <Route
      key={`${base}/create`}
      path={`${base}/create`}
      element={
        <RequireGuard guard={writes.create}>
          <TransferCreate />
        </RequireGuard>
      }
    />,
    <Route
      key={`${base}/edit`}
      path={`${base}/edit/:id`}
      element={
        <RequireGuard guard={writes.edit}>
          <TransferEdit />
        </RequireGuard>
      }
    />,
  ];
  if (!withPayments) return routes;
  const Payments = kindPage(config, () => import("./payments").then((m) => m.PaymentList));
  const Create = kindPage(config, () => import("./payments").then((m) => m.PaymentCreate));
  const Edit = kindPage(config, () => import("./payments").then((m) => m.PaymentEdit));
  return [
    ...routes,
    <Route key={`${base}/p`} path={`${base}/info/:id/transaction-payment`} element={<Payments />} />,
    <Route key={`${base}/p/c`} path={`${base}/info/:id/transaction-payment/create`} element={<Create />} />,
    <Route key={`${base}/p/e`} path={`${base}/info/:id/transaction-payment/:paymentId`} element={<Edit />} />,
  ];
}

/**
 * Transfers (spec section 2): imposition and voluntary lists with info/{NR_TRANSFER} and their
 * transaction-payment children, and fund-to-fund with info/{codPlan}; each kind also has create and
 * edit/{NR_TRANSFER} (or {codPlan}). Every signed-in user reads and records payments; ADMIN and
 * MANAGER create and change transfers and remove payments.
 */
export const transfersArea: AdminArea = {
  resources: [
    {
      name: "imposition-transfers",
      list: IMPOSITION.basePath,
      show: `${IMPOSITION.basePath}/info/:id`,
      create: `${IMPOSITION.basePath}/create`,
      edit: `${IMPOSITION.basePath}/edit/:id`,
      meta: { label: "Transferências (imposição / especiais)", icon: <BankOutlined />, parent: MENU_GROUP.transfers, guard: "user-only", actionGuards: writes },
    },
    {
      name: "voluntary-transfers",
      list: VOLUNTARY.basePath,
      show: `${VOLUNTARY.basePath}/info/:id`,
      create: `${VOLUNTARY.basePath}/create`,
      edit: `${VOLUNTARY.basePath}/edit/:id`,
      meta: { label: "Transferências voluntárias", icon: <SwapOutlined />, parent: MENU_GROUP.transfers, guard: "user-only", actionGuards: writes },
    },
    {
      name: "fund-to-fund-transfers",
      list: FUND.basePath,
      show: `${FUND.basePath}/info/:id`,
      create: `${FUND.basePath}/create`,
      edit: `${FUND.basePath}/edit/:id`,
      meta: { label: "Fundo a fundo", icon: <FundOutlined />, parent: MENU_GROUP.transfers, guard: "user-only", actionGuards: writes },
    },
    { name: "transaction-payments", meta: { hide: true, guard: "user-only", actionGuards: { delete: "manager-only" } } },
  ],
  routes: (
    <>
      {transferRoutes(IMPOSITION, true)}
      {transferRoutes(VOLUNTARY, true)}
      {transferRoutes(FUND, false)}
    </>
  ),
};
